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
  client.setClipboard('y');
  client.paste();
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
  client.text('x');
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

test.run();
