// The two engines besides Chromium that the journey runs in, from Debian's packages: WebKitGTK (its WebDriver and
// MiniBrowser, drawn on an Xvfb screen) and Firefox ESR (spoken to over WebDriver BiDi, so no geckodriver). Playwright's
// own WebKit and Firefox builds are downloads this machine cannot make; these are packages. `ensureEngines()` (run by
// `npm test` before the stage) installs what is missing when we are root, saying so in one line; NO_ENGINES=1 skips
// the stage, NO_BROWSER_INSTALL=1 turns the install off as it does for Chromium.
import { existsSync } from 'node:fs';
import { canInstallDebianPackages, installDebianPackages } from '../debian-packages.mjs';

/** Where Debian puts each program, and the package that brings it. */
export const ENGINE_PROGRAMS = {
  webDriver: { path: '/usr/bin/WebKitWebDriver', env: 'WEBKIT_WEBDRIVER_PATH', package: 'webkit2gtk-driver' },
  miniBrowser: { path: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', env: 'MINIBROWSER_PATH', package: 'webkit2gtk-driver' },
  firefox: { path: '/usr/bin/firefox-esr', env: 'FIREFOX_PATH', package: 'firefox-esr' },
  xvfb: { path: '/usr/bin/Xvfb', env: 'XVFB_PATH', package: 'xvfb' },
};

export const ENGINES_HELP =
  'WebKitGTK and Firefox ESR were not found and could not be installed: `apt-get install -y webkit2gtk-driver ' +
  'firefox-esr xvfb` (Debian, as root), or point WEBKIT_WEBDRIVER_PATH, MINIBROWSER_PATH, FIREFOX_PATH and XVFB_PATH ' +
  'at those programs; NO_ENGINES=1 skips the stage.';

/** The stage's command (node's arguments, from the repository's root): the journey, TypeScript through tsx. */
export const ENGINE_JOURNEY = ['--import', 'tsx', '--test-reporter=spec', 'test/engines/journey.test.ts'];

/** Each program's path (its variable when set), and the packages of those that are not there. */
export function enginePaths() {
  const paths = {};
  const missing = new Set();
  for (const [name, program] of Object.entries(ENGINE_PROGRAMS)) {
    paths[name] = process.env[program.env] || program.path;
    if (!existsSync(paths[name])) missing.add(program.package);
  }
  return { paths, missing: [...missing] };
}

/**
 * The engines' programs, found or installed: `{ paths }`, or `{ skipped }` (NO_ENGINES=1) or `{ missing }` with the
 * message already printed, so the caller records one failure instead of one per test.
 */
export function ensureEngines({ log = console.log } = {}) {
  if (process.env.NO_ENGINES === '1') return { skipped: 'NO_ENGINES=1' };
  let found = enginePaths();
  if (found.missing.length && canInstallDebianPackages() && process.env.NO_BROWSER_INSTALL !== '1') {
    log(`Installing Debian's ${found.missing.join(', ')} with apt-get for the WebKit and Firefox tests (under a minute)…`);
    installDebianPackages(found.missing);
    found = enginePaths();
  }
  if (found.missing.length) {
    log(ENGINES_HELP);
    return { missing: found.missing };
  }
  return { paths: found.paths };
}
