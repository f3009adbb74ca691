import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { installDictionary } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../src/app/text-parts/signed-in-en-US.ts';
import enUSStream from '../../../src/phone-view/texts/stream-en-US.ts';
import { looksPoor, NetworkOffer, STRUGGLE_RTT_MS } from '../../../src/phone-view/parts/network-offer.tsx';
import { beginSession, closeSession, streamState } from '../../../src/phone-view/live-session.ts';
import { ERRORS_EN_US } from '../error-texts.ts';

// When phone-view counts the stream as struggling (the network check is offered once that lasts): a reconnect or a
// long round trip; not the link estimate's kbps (a still screen makes few pictures), nothing before the stream plays.

test.before(() => installDictionary('en-US', enUS, ERRORS_EN_US, enUSApp, enUSStream));

const steady = { fps: 30, bitrate: 2000, rtt: 40, link: { kbps: 5000, rtt: 40, width: 720, height: 1280 } };

test('a steady stream is not poor, nor is a thin link estimate; a reconnect or a long round trip is', () => {
  assert.is(looksPoor('playing', steady), false);
  assert.is(looksPoor('playing', { ...steady, link: { ...steady.link, kbps: 60 } }), false);
  assert.is(looksPoor('reconnecting', null), true);
  assert.is(looksPoor('playing', { ...steady, rtt: STRUGGLE_RTT_MS + 1 }), true);
});

test('nothing is judged before the stream plays, or without figures', () => {
  assert.is(looksPoor('connecting', { ...steady, rtt: 900 }), false);
  assert.is(looksPoor('paused', { ...steady, rtt: 900 }), false);
  assert.is(looksPoor('playing', null), false);
  assert.is(looksPoor('playing', { ...steady, rtt: null, link: null }), false);
});

test('the offer is announced in a polite live region, and a new session starts without it', async () => {
  const root = document.createElement('div');
  document.body.append(root);
  const offer = () => root.querySelector('[data-testid="network-offer"]');
  const status = () => root.querySelector('[data-testid="network-offer-status"]')!;
  beginSession(1, false);
  await act(() => render(<NetworkOffer />, root));
  assert.is(offer(), null);
  assert.is(status().getAttribute('role'), 'status', 'the live region is there before the offer');
  assert.is(status().textContent, '');

  await act(() => void (streamState.value = 'reconnecting'));
  await act(() => {});
  assert.ok(offer(), 'a reconnect shows the offer');
  assert.match(status().textContent!, /\S/);

  // Another phone (or another account) opened: its stream has not struggled.
  await act(() => void beginSession(2, false));
  await act(() => void (streamState.value = 'playing'));
  assert.is(offer(), null);
  assert.is(status().textContent, '');
  await act(() => render(null, root));
  closeSession();
  root.remove();
});

test.run();
