import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setup } from '../helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'cloud-phone-static-'));
const dist = join(root, 'dist');
const INDEX = '<!doctype html><title>app</title>';
const SCRIPT = 'console.log("app");'.repeat(20);
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'assets', 'app-abc123.js'), SCRIPT);
writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
writeFileSync(join(dist, 'assets', 'style-def456.css'), 'body{}');
writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting();');
writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
writeFileSync(join(root, 'secret.txt'), 'TOP SECRET');

// Set up by the first request, not at import: uvu imports every file before it runs any test, and the server
// helpers keep only the last few databases open.
let app: Awaited<ReturnType<typeof setup>>['app'] | undefined;
const get = async (path: string, headers: Record<string, string> = {}) => (app ??= (await setup({ distDir: dist })).app).request(path, { headers });

test('a hashed asset is immutable and served as is without Accept-Encoding', async () => {
  const response = await get('/app/assets/app-abc123.js');
  assert.is(response.status, 200);
  assert.is(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.is(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.is(response.headers.get('content-encoding'), null);
  assert.is(response.headers.get('vary'), 'Accept-Encoding');
  assert.is(await response.text(), SCRIPT);
});

test('the .br sibling is preferred, .gz next, with the original Content-Type', async () => {
  const br = await get('/app/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
  assert.is(br.headers.get('content-encoding'), 'br');
  assert.is(br.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.is(br.headers.get('vary'), 'Accept-Encoding');
  const brBytes = Buffer.from(await br.arrayBuffer());
  assert.equal(brBytes, brotliCompressSync(SCRIPT));
  assert.is(br.headers.get('content-length'), String(brBytes.length));

  const gz = await get('/app/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
  assert.is(gz.headers.get('content-encoding'), 'gzip');
  assert.equal(Buffer.from(await gz.arrayBuffer()), gzipSync(SCRIPT));

  const refused = await get('/app/assets/app-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
  assert.is(refused.headers.get('content-encoding'), 'gzip');
  const identity = await get('/app/assets/app-abc123.js', { 'accept-encoding': 'identity' });
  assert.is(identity.headers.get('content-encoding'), null);
});

test('a file without siblings has no Vary and no encoding', async () => {
  const response = await get('/app/assets/style-def456.css', { 'accept-encoding': 'br, gzip' });
  assert.is(response.headers.get('content-type'), 'text/css; charset=utf-8');
  assert.is(response.headers.get('content-encoding'), null);
  assert.is(response.headers.get('vary'), null);
});

test('client routes fall back to index.html with no-cache', async () => {
  for (const path of ['/app/demo', '/app/login/green', '/app/', '/app', '/app/index.html']) {
    const response = await get(path);
    assert.is(response.status, 200, path);
    assert.is(response.headers.get('content-type'), 'text/html; charset=utf-8', path);
    assert.is(response.headers.get('cache-control'), 'no-cache', path);
    assert.is(await response.text(), INDEX, path);
  }
  const manifest = await get('/app/manifest.webmanifest');
  assert.is(manifest.headers.get('content-type'), 'application/manifest+json; charset=utf-8');
});

test('a revalidation with the ETag answers 304', async () => {
  const first = await get('/app/demo');
  const etag = first.headers.get('etag')!;
  assert.ok(etag);
  const second = await get('/app/demo', { 'if-none-match': etag });
  assert.is(second.status, 304);
});

test('a missing asset is a real 404, not index.html', async () => {
  const response = await get('/app/assets/app-missing.js');
  assert.is(response.status, 404);
  assert.not.match(await response.text(), /doctype/);
});

test('path traversal is refused', async () => {
  for (const path of ['/app/..%2fsecret.txt', '/app/assets/..%2f..%2fsecret.txt', '/app/%2e%2e%2fsecret.txt', '/app/..%5csecret.txt', '/static/..%2f..%2fapp.ts']) {
    const response = await get(path);
    assert.is(response.status, 403, path);
    assert.not.match(await response.text(), /SECRET|createApp/, path);
  }
  // The URL parser resolves plain dot segments before routing, so these never reach /app/ at all.
  for (const path of ['/app/../secret.txt', '/app/%2e%2e/secret.txt']) {
    const response = await get(path);
    assert.is(response.status, 404, path);
    assert.not.match(await response.text(), /SECRET/, path);
  }
});

test('/sw.js is no-cache with Service-Worker-Allowed: /app/', async () => {
  const response = await get('/sw.js');
  assert.is(response.status, 200);
  assert.is(response.headers.get('service-worker-allowed'), '/app/');
  assert.is(response.headers.get('cache-control'), 'no-cache');
  assert.is(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.is(await response.text(), 'self.skipWaiting();');
});

test('/static serves the tenant logos', async () => {
  for (const name of ['demo', 'green', 'desk']) {
    const response = await get(`/static/logos/${name}.svg`);
    assert.is(response.status, 200, name);
    assert.is(response.headers.get('content-type'), 'image/svg+xml');
    assert.match(await response.text(), /^<svg/);
  }
  assert.is((await get('/static/logos/none.svg')).status, 404);
});

test('without a build, /app/* answers 503 with a hint', async () => {
  const { app: unbuilt } = await setup({ distDir: join(root, 'missing') });
  const response = await unbuilt.request('/app/demo');
  assert.is(response.status, 503);
  assert.match(await response.text(), /npm run build/);
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
