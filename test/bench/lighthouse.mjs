// `npm run lighthouse` (also the last step of `npm run bench`): Lighthouse's accessibility and SEO categories on the
// public first screens (the login page of each theme), mobile form factor, against a build and a reference server.
// Prints each score and every audit that did not pass; exits 1 when a score is under 100, so a regression is loud.
// An outside rule set on purpose: it checks what our own tests might share blind spots with.
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { startServer } from '../start-server.mjs';
import { ensureChromium, CHROMIUM_ARGS } from '../chromium-path.mjs';

const PAGES = ['/app/login/demo', '/app/login/green', '/app/404'];
const CATEGORIES = ['accessibility', 'seo'];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

if (!existsSync(new URL('../../dist/index.html', import.meta.url)) || !process.argv.includes('--no-build')) {
  const { build } = await import('../../scripts/build.mjs');
  await build({ quiet: true });
}
const executablePath = await ensureChromium();
if (!executablePath) process.exit(1);

const server = await startServer();
// Lighthouse drives the browser over the DevTools port; Playwright only starts it with the project's flags.
const port = await freePort();
const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
let worst = 100;
let version = '';
try {
  for (const path of PAGES) {
    const { lhr } = await lighthouse(`${server.baseURL}${path}`, { port, onlyCategories: CATEGORIES, logLevel: 'error', output: 'json' });
    version = lhr.lighthouseVersion;
    const scores = CATEGORIES.map((id) => `${id} ${Math.round((lhr.categories[id].score ?? 0) * 100)}`);
    console.log(`${path}: ${scores.join(', ')}`);
    for (const id of CATEGORIES) {
      worst = Math.min(worst, Math.round((lhr.categories[id].score ?? 0) * 100));
      for (const ref of lhr.categories[id].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) console.log(`  ${id}: ${audit.id}: ${audit.title}`);
      }
    }
  }
  console.log(`Lighthouse ${version}, mobile: lowest accessibility/SEO score ${worst}`);
} finally {
  await browser.close();
  await server.stop();
}
process.exit(worst === 100 ? 0 : 1);

