// `npm run lighthouse` (also the last step of `npm run bench`): Lighthouse's accessibility and SEO categories on the
// public first screens (the login page of each theme), mobile form factor, against a build and a reference server.
// Prints each score and every audit that did not pass; exits 1 when a score is under 100, so a regression is loud.
// An outside rule set on purpose: it checks what our own tests might share blind spots with.
import lighthouse from 'lighthouse';
import { freePort } from '../start-server.mjs';
import { benchSetup } from './setup.mjs';

const PAGES = ['/app/login/demo', '/app/login/green', '/app/404'];
const CATEGORIES = ['accessibility', 'seo'];

// Lighthouse drives the browser over the DevTools port; the bench setup starts it with the project's flags.
const port = await freePort();
const { server, close } = await benchSetup({ browserArgs: [`--remote-debugging-port=${port}`] });
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
  await close();
}
process.exit(worst === 100 ? 0 : 1);

