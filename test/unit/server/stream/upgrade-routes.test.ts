import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WebSocket } from 'ws';
import { start } from '../stream-helpers.ts';

// The stream server's port routes each upgrade by its path: the stream, the grid and the check's lines each answer
// their own; any other path is a 404, and handleUpgrade leaves it untouched for another service.

let s: Awaited<ReturnType<typeof start>>;
test.after.each(async () => {
  await s.stop();
});

const statusOf = (port: number, path: string) =>
  new Promise<number>((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.on('error', () => {});
  });

test('known paths open (their query is theirs to read), any other is a 404', async () => {
  s = await start();
  assert.is(await statusOf(s.port, '/stream/line?line=1'), 101);
  assert.is(await statusOf(s.port, '/stream/line?line=9'), 400);
  assert.is(await statusOf(s.port, '/stream/elsewhere'), 404);
  assert.is(await statusOf(s.port, '/stream/line/extra?line=1'), 404);
  assert.is(s.stream.handleUpgrade({ url: '/nowhere' } as never, null as never, Buffer.alloc(0)), false);
});

test.run();
