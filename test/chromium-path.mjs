// Where the browser tests and benchmarks find Chromium: CHROMIUM_PATH, then Debian's /usr/bin/chromium,
// then a browser installed by playwright itself. Nothing is downloaded here (the network may not allow it).
import { existsSync } from 'node:fs';

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  return undefined;
}

export const CHROMIUM_HELP =
  'No Chromium found. Install one with `apt-get install -y chromium` (Debian/Ubuntu), ' +
  'or point CHROMIUM_PATH at a Chromium/Chrome binary, or run `npx playwright install chromium` where downloads are allowed.';

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
