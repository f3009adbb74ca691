import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { modulePreloadLink, parseOrigins } from '../../../../server/page-headers.ts';
import { setup } from '../helpers.ts';

// The app's HTML carries a strict Content-Security-Policy (inline blocks allowed only by hash), a frame-ancestors
// allow-list from the deployment's settings, and a Referrer-Policy.

const root = mkdtempSync(join(tmpdir(), 'cloud-phone-csp-'));
const dist = join(root, 'dist');
const STYLE = 'html{margin:0}';
const INLINE = 'window.booted=1';
const INDEX = `<!doctype html><style>${STYLE}</style><script>${INLINE}</script><script type="module" src="/app/assets/a.js"></script>`;
mkdirSync(join(dist, 'assets'), { recursive: true });
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'assets', 'a.js'), 'export {}');

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The policy as a map of directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
}

test('every app page: scripts and styles from self plus the exact inline blocks by hash, no unsafe-inline or JavaScript eval', async () => {
  const { app } = await setup({ distDir: dist });
  for (const path of ['/app/demo', '/app/login/green', '/app/index.html']) {
    const response = await app.request(path);
    const policy = directives(response.headers.get('content-security-policy') ?? '');
    // WebAssembly may compile (the upload page hashes files with hash-wasm); JavaScript eval stays refused.
    assert.equal(policy.get('script-src'), ["'self'", "'wasm-unsafe-eval'", hash(INLINE)], path);
    assert.equal(policy.get('style-src'), ["'self'", hash(STYLE)], path);
    assert.equal(policy.get('default-src'), ["'self'"]);
    assert.equal(policy.get('object-src'), ["'none'"]);
    assert.equal(policy.get('base-uri'), ["'self'"]);
    assert.equal(policy.get('connect-src'), ["'self'"]);
    assert.equal(policy.get('frame-ancestors'), ["'self'"], 'framed by its own origin only unless partners are listed');
    assert.not.ok(response.headers.get('content-security-policy')!.replace("'wasm-unsafe-eval'", '').includes('unsafe'));
    assert.is(response.headers.get('referrer-policy'), 'same-origin');
  }
  const asset = await app.request('/app/assets/a.js');
  assert.is(asset.headers.get('content-security-policy'), null, 'scripts themselves need no page policy');
});

test('partner origins may frame the app and extra API or stream hosts may be called, as configured', async () => {
  const { app } = await setup({
    distDir: dist,
    pageSecurity: {
      frameAncestors: parseOrigins('FRAME_ANCESTORS', 'https://partner.example, https://*.webview.example:8443'),
      connectOrigins: parseOrigins('CONNECT_ORIGINS', 'wss://stream.example.com https://api.example.com'),
    },
  });
  const policy = directives((await app.request('/app/demo')).headers.get('content-security-policy') ?? '');
  assert.equal(policy.get('frame-ancestors'), ["'self'", 'https://partner.example', 'https://*.webview.example:8443']);
  assert.equal(policy.get('connect-src'), ["'self'", 'wss://stream.example.com', 'https://api.example.com']);
});

test('every app page names its module scripts and preloads in a Link header, so the browser asks for them before parsing the page', async () => {
  const { app } = await setup({ distDir: dist });
  for (const path of ['/app/demo', '/app/login/green']) {
    const response = await app.request(path);
    assert.is(response.headers.get('link'), '</app/assets/a.js>; rel=modulepreload', path);
  }
  // Module scripts only, in document order; classic and inline scripts are not modules to preload.
  const html = '<script src="/classic.js"></script><script type="module" crossorigin src="/app/assets/x.js"></script><script type="module">1</script><script type="module" src="/app/assets/y.js"></script>';
  assert.is(modulePreloadLink(html), '</app/assets/x.js>; rel=modulepreload, </app/assets/y.js>; rel=modulepreload');
  assert.is(modulePreloadLink('<p>no scripts</p>'), undefined);
  // An inline entry's imports are named by module preloads; other links are not.
  const inline = '<link rel="stylesheet" href="/app/a.css"><link rel="modulepreload" crossorigin href="/app/assets/core.js"><script type="module">import "/app/assets/core.js"</script>';
  assert.is(modulePreloadLink(inline), '</app/assets/core.js>; rel=modulepreload');
});

test('a setting that is not a list of origins is refused by name', () => {
  assert.equal(parseOrigins('FRAME_ANCESTORS', undefined), []);
  assert.equal(parseOrigins('FRAME_ANCESTORS', ''), []);
  for (const bad of ['*', "'none'", 'partner.example', 'https://partner.example/path', 'javascript:alert(1)', "https://a.example; script-src *"]) {
    assert.throws(() => parseOrigins('FRAME_ANCESTORS', bad), /FRAME_ANCESTORS: .* is not an origin/, bad);
  }
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
