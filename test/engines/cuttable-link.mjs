// A TCP forwarder between a browser and the test server whose link can be cut and restored: WebKitWebDriver has no
// network emulation, so WebKit's "offline" is made here, below the engine. While cut, every open connection is reset
// and every new one refused, as when a phone loses its network; the engine is not told (navigator.onLine stays true).
import net from 'node:net';

/** Starts listening on a free loopback port; resolves to { url, cut(), restore(), stop() }. */
export async function startCuttableLink(targetUrl) {
  const target = new URL(targetUrl);
  const open = new Set();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return void client.resetAndDestroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    const pair = { client, upstream };
    open.add(pair);
    const close = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      cut = true;
      for (const { client, upstream } of open) client.resetAndDestroy(), upstream.destroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    stop() {
      for (const { client, upstream } of open) client.destroy(), upstream.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
