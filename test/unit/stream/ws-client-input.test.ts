import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AUTO, cleanUp, connected, LOW, setup, TARGET } from './fake-stream.ts';

test.after.each(cleanUp);

test('input: touch, key, text, clipboard.set and paste go out as JSON once ready', () => {
  const { client, socket } = connected();
  client.touch('down', [{ id: 0, x: 10, y: 20 }]);
  client.touch('move', [{ id: 0, x: 11, y: 21 }, { id: 1, x: 300, y: 400 }]);
  client.touch('up', [{ id: 0, x: 11, y: 21 }]);
  client.key('back');
  client.key('home');
  client.text('héllo 你好');
  client.text('');
  client.setClipboard('copied');
  client.paste();
  assert.equal(socket.messages(), [
    { type: 'touch', action: 'down', pointers: [{ id: 0, x: 10, y: 20 }] },
    { type: 'touch', action: 'move', pointers: [{ id: 0, x: 11, y: 21 }, { id: 1, x: 300, y: 400 }] },
    { type: 'touch', action: 'up', pointers: [{ id: 0, x: 11, y: 21 }] },
    { type: 'key', key: 'back' },
    { type: 'key', key: 'home' },
    { type: 'text', text: 'héllo 你好' },
    { type: 'clipboard.set', text: 'copied' },
    { type: 'paste' },
  ]);
});

test('input: dropped before the hello, even on an open socket', () => {
  const { client, last } = setup();
  client.connect(TARGET);
  client.touch('down', [{ id: 0, x: 1, y: 1 }]); // still connecting: would throw on a real socket
  last().accept();
  client.key('home');
  client.text('x');
  assert.is(client.setClipboard('y'), false, 'the caller learns nothing went out');
  assert.is(client.paste(), false);
  assert.equal(last().sent, []);
  last().receive({ type: 'hello', width: 720, height: 1280, definition: AUTO });
  client.key('home');
  assert.equal(last().messages(), [{ type: 'key', key: 'home' }]);
});

test('input: a view-only session drops every input call but still asks for its definition', () => {
  const { client, last } = setup();
  client.connect({ ...TARGET, viewOnly: true });
  last().hello({ definition: LOW });
  client.touch('down', [{ id: 0, x: 1, y: 1 }]);
  client.key('back');
  assert.is(client.text('x'), false);
  client.setClipboard('y');
  client.paste();
  assert.equal(last().messages(), [{ type: 'definition', ...AUTO }]);
});

test('input: dropped while reconnecting', () => {
  const { client, socket } = connected();
  socket.drop();
  client.key('home');
  client.text('lost');
  assert.equal(socket.sent, []);
});

test('input: long text goes in pieces of at most 1000 characters (code points), in order', () => {
  const { client, socket } = connected();
  const text = '你'.repeat(999) + '😀' + 'a'.repeat(1500);
  assert.is(client.text(text), true);
  const pieces = socket.messages().map((message) => (message as { text: string }).text);
  assert.equal(pieces.map((piece) => Array.from(piece).length), [1000, 1000, 500]);
  assert.is(pieces.join(''), text, 'no character split or lost');
});

test('input: a cancelled touch goes out as cancel', () => {
  const { client, socket } = connected();
  assert.is(client.touch('cancel', [{ id: 0, x: 5, y: 6 }]), true);
  assert.equal(socket.messages(), [{ type: 'touch', action: 'cancel', pointers: [{ id: 0, x: 5, y: 6 }] }]);
});

test.run();
