// What every benchmark needs: a build (unless --no-build and one exists), a reference server with a
// throwaway database, and a quiet headless Chromium (with `browserArgs` added to the project's flags).
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { startServer } from '../start-server.mjs';
import { ensureChromium, CHROMIUM_ARGS } from '../chromium-path.mjs';

export async function benchSetup({ browserArgs = [] } = {}) {
  if (!existsSync(new URL('../../dist/index.html', import.meta.url)) || !process.argv.includes('--no-build')) {
    const { build } = await import('../../scripts/build.mjs');
    await build({ quiet: true });
  }
  const executablePath = await ensureChromium();
  if (!executablePath) process.exit(1);
  const server = await startServer();
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...browserArgs] });
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
