import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { looksPoor, STRUGGLE_RTT_MS } from '../../../src/phone-view/parts/network-offer.tsx';

// When phone-view counts the stream as struggling (the network check is offered once that lasts): a reconnect, a long
// round trip, or a link estimate below medium quality; nothing before the stream plays.

const steady = { fps: 30, bitrate: 2000, rtt: 40, link: { kbps: 5000, rtt: 40, width: 720, height: 1280 } };

test('a steady stream is not poor; a reconnect, a long round trip or a thin link is', () => {
  assert.is(looksPoor('playing', steady), false);
  assert.is(looksPoor('reconnecting', null), true);
  assert.is(looksPoor('playing', { ...steady, rtt: STRUGGLE_RTT_MS + 1 }), true);
  assert.is(looksPoor('playing', { ...steady, link: { ...steady.link, kbps: 600 } }), true);
});

test('nothing is judged before the stream plays, or without figures', () => {
  assert.is(looksPoor('connecting', { ...steady, rtt: 900 }), false);
  assert.is(looksPoor('paused', { ...steady, rtt: 900 }), false);
  assert.is(looksPoor('playing', null), false);
  assert.is(looksPoor('playing', { ...steady, rtt: null, link: null }), false);
});

test.run();
