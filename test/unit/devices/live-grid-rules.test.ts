import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Phone } from '../../../src/devices/api.ts';
import { dropAllPictures, dropPictures, showPicture } from '../../../src/devices/live-grid/pictures.ts';
import { MAX_WATCHED, THUMB_KIND } from '../../../shared/contract/grid-protocol.ts';
import { FirstPictureDelays, gridSocketUrl, idsToWatch, poorConnection, readThumb, sameIds, SLOW_FIRST_PICTURE_MS } from '../../../src/devices/live-grid/rules.ts';
import { livePicture } from '../../../src/devices/parts/thumbnails.ts';
import { alive, revoked } from './object-urls.ts';

// The live grid's rules (src/devices/live-grid/rules.ts, pictures.ts): which phones are watched, what a poor link is,
// the framing, and one object URL per phone. The socket's behaviour is in live-grid.test.ts.

const DAY = 86_400_000;

function phone(id: number, status: Phone['businessStatus'] = 'online', left = 30 * DAY): Phone {
  return {
    userPhoneId: id, phoneNo: `CP${id}`, name: `Phone ${id}`, groupId: 1, groupName: '', gradeId: 1, gradeName: 'Standard',
    expireTime: Date.now() + left, businessStatus: status, root: false, width: 720, height: 1280, dpi: 320, operation: null,
  };
}

test('watched: running phones on screen, in order, at most MAX_WATCHED (20); stopped, expired and busy ones keep their still', () => {
  const cards = [phone(1), phone(2, 'offline'), phone(3, 'trial'), phone(4, 'maintenance'), phone(5, 'online', -1), phone(6, 'controlling'),
    phone(7, 'syncing'), phone(8, 'operating'), phone(9, 'online', 3_600_000), phone(10, 'replacing'), phone(11, 'migrating')];
  assert.equal(idsToWatch(cards), [1, 3, 6, 7, 9]);
  assert.equal(idsToWatch(Array.from({ length: 25 }, (_, i) => phone(i + 1))), Array.from({ length: MAX_WATCHED }, (_, i) => i + 1));
  assert.is(MAX_WATCHED, 20);
  assert.ok(sameIds([1, 2, 3], [3, 1, 2]));
  assert.not.ok(sameIds([1, 2], [1, 2, 3]));
  assert.not.ok(sameIds([1, 2], [1, 3]));
});

test('poor connection: save-data or 2G; no Network Information API means no opinion', () => {
  assert.ok(poorConnection({ saveData: true, effectiveType: '4g' }));
  assert.ok(poorConnection({ effectiveType: '2g' }));
  assert.ok(poorConnection({ effectiveType: 'slow-2g' }));
  assert.not.ok(poorConnection({ effectiveType: '3g', saveData: false }));
  assert.not.ok(poorConnection(undefined));
});

test('slow pictures: two first pictures over the limit in a row, or never arriving; a timely one forgives', () => {
  const delays = new FirstPictureDelays();
  delays.asked([1, 2, 3], 0);
  delays.arrived(1, SLOW_FIRST_PICTURE_MS + 1);
  assert.not.ok(delays.slow, 'one slow picture is a hiccup');
  delays.arrived(2, 100);
  delays.arrived(3, SLOW_FIRST_PICTURE_MS + 1);
  assert.not.ok(delays.slow, 'a timely picture in between starts the count again');
  // Later pictures of a phone already shown are not timed (the server sends only changes).
  delays.arrived(3, 60_000);
  assert.not.ok(delays.slow);
  delays.asked([4, 5, 6], 10_000);
  delays.excused([6]);
  delays.check(10_000 + SLOW_FIRST_PICTURE_MS + 1);
  assert.ok(delays.slow, 'two pictures overdue; the unavailable one is not counted');
  delays.reset();
  assert.not.ok(delays.slow);
});

test('socket address and thumbnail framing', () => {
  assert.is(gridSocketUrl('', 'a b', 'https://h5.example.com'), 'wss://h5.example.com/stream/grid?ticket=a+b');
  assert.is(gridSocketUrl('http://sdk.example.com/prefix/', 't'), 'ws://sdk.example.com/prefix/stream/grid?ticket=t');
  assert.throws(() => gridSocketUrl('ftp://x', 't'));
  const bytes = new Uint8Array([THUMB_KIND, 0, 0, 1, 2, 0, 0, 1, 0, 0xff, 0xd8]);
  const thumb = readThumb(bytes.buffer)!;
  assert.is(thumb.userPhoneId, 258);
  assert.is(thumb.seq, 256);
  assert.equal([...thumb.jpeg], [0xff, 0xd8]);
  assert.is(readThumb(new Uint8Array([1, 0, 0, 1, 2, 0, 0, 0, 1, 0xff]).buffer), null);
  assert.is(readThumb(new Uint8Array([THUMB_KIND, 0, 0, 1, 2, 0, 0, 0, 1]).buffer), null, 'no picture after the header');
});

test('pictures: one object URL per phone; the previous is revoked when the next arrives, all of them on drop', () => {
  showPicture(1, new Uint8Array([1]));
  const first = livePicture(1).value!;
  showPicture(1, new Uint8Array([2]));
  assert.is.not(livePicture(1).value, first);
  assert.ok(revoked.includes(first));
  showPicture(2, new Uint8Array([3]));
  assert.is(alive().length, 2);
  dropPictures([1]);
  assert.is(livePicture(1).value, null);
  assert.is(alive().length, 1);
  dropAllPictures();
  assert.is(livePicture(2).value, null);
  assert.is(alive().length, 0);
});

test.run();
