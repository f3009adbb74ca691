// Where the browser tests and benchmarks find Chromium, in this order: CHROMIUM_PATH, a system Chromium or
// Chrome, a browser Playwright installed itself. `ensureChromium()` (run by `npm test` and the benchmarks before
// any browser starts) installs Debian's package when none exists and we are root, since Playwright's own
// download is refused on machines whose only network is the package registries. NO_BROWSER_INSTALL=1 turns
// that install off.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { canInstallDebianPackages, installDebianPackages } from './debian-packages.mjs';

const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** Playwright's own Chromium, when `npx playwright install chromium` has been run on this machine. */
async function playwrightBrowser() {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The first browser found, or undefined. Synchronous for the playwright config, which cannot await. */
export function chromiumPath() {
  for (const candidate of [process.env.CHROMIUM_PATH, ...SYSTEM_BROWSERS]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** A binary that answers `--version` (a snap wrapper without snapd, or a broken install, does not). */
function starts(path) {
  return spawnSync(path, ['--version'], { stdio: 'ignore', timeout: 20_000 }).status === 0;
}

export const CHROMIUM_HELP =
  'No Chromium found and none could be installed. Install one with `apt-get install -y chromium` (Debian/Ubuntu, ' +
  'as root), or point CHROMIUM_PATH at a Chromium/Chrome binary, or run `npx playwright install chromium` where ' +
  'downloads are allowed.';

/**
 * A browser for the tests: found, or installed from Debian's packages (one line says so). Returns its path, or
 * undefined after printing how to get one, so the caller can stop its browser tests with that one message.
 * A found Playwright browser is exported through CHROMIUM_PATH so the playwright config (a separate process) uses it.
 */
export async function ensureChromium({ log = console.log } = {}) {
  const asked = process.env.CHROMIUM_PATH;
  if (asked && !existsSync(asked)) log(`CHROMIUM_PATH=${asked} does not exist; looking for another browser.`);
  const found = chromiumPath() ?? (await playwrightBrowser());
  if (found && starts(found)) {
    process.env.CHROMIUM_PATH = found;
    return found;
  }
  if (found) log(`${found} does not start (\`${found} --version\` failed).`);
  if (canInstallDebianPackages() && process.env.NO_BROWSER_INSTALL !== '1') {
    log('No Chromium on this machine: installing Debian\'s "chromium" package with apt-get (about a minute)…');
    const installed = installDebianPackages(['chromium']) ? chromiumPath() : undefined;
    if (installed && starts(installed)) {
      process.env.CHROMIUM_PATH = installed;
      return installed;
    }
  }
  log(CHROMIUM_HELP);
  return undefined;
}

/** Flags for a quiet headless Chromium on a machine without outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
