import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { StreamEvents } from '../../../src/stream/types.ts';
import { cleanUp, connected, rejection } from './fake-stream.ts';

// Roles on the stream (server/API.md "Streaming"): the host says in its hello whether this session controls the
// phone, and tells it when that changes; the client drops input while it watches and reports every change.

test.after.each(cleanUp);

function controlEvents(client: ReturnType<typeof connected>['client']): Array<StreamEvents['control']> {
  const seen: Array<StreamEvents['control']> = [];
  client.on('control', (change) => seen.push(change));
  return seen;
}

test('roles: a host without roles leaves the session in control as the owner', () => {
  const { client, socket } = connected();
  assert.ok(client.key('home'));
  assert.ok(client.takeControl(), 'an owner may ask');
  assert.equal(socket.messages().slice(-2), [{ type: 'key', key: 'home' }, { type: 'control.take' }]);
});

test('roles: a watching grantee sends no input and no clipboard read; control given, input flows again', async () => {
  const { client, socket } = connected({ role: 'grantee', control: false });
  const seen = controlEvents(client);
  assert.is(client.touch('down', [{ id: 0, x: 1, y: 1 }]), false);
  assert.is(client.text('你好'), false);
  assert.is(client.paste(), false);
  assert.is(await rejection(client.readClipboard()), 'clipboardFailed');
  assert.is(client.takeControl(), false, 'only the owner takes control');
  assert.ok(!socket.messages().some((m) => ['touch', 'text', 'paste', 'clipboard.get', 'control.take'].includes(String(m.type))));
  socket.receive({ type: 'control', control: true, reason: 'returned' });
  assert.equal(seen, [{ role: 'grantee', control: true, reason: 'returned' }]);
  assert.ok(client.key('back'));
  assert.equal(socket.messages().at(-1), { type: 'key', key: 'back' });
});

test('roles: the owner taking control back moves a controlling grantee to watching', () => {
  const { client, socket } = connected({ role: 'grantee', control: true });
  const seen = controlEvents(client);
  assert.ok(client.key('home'));
  socket.receive({ type: 'control', control: false, reason: 'taken' });
  assert.equal(seen, [{ role: 'grantee', control: false, reason: 'taken' }]);
  assert.is(client.key('home'), false);
});

test('roles: the owner hears how many others watch and control', () => {
  const { client, socket } = connected({ role: 'owner', control: true });
  const heard: Array<StreamEvents['audience']> = [];
  client.on('audience', (value) => heard.push(value));
  socket.receive({ type: 'audience', watching: 2, controlling: 1 });
  assert.equal(heard, [{ watching: 2, controlling: 1 }]);
});

test.run();
