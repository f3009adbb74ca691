import { defineConfig } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS, CHROMIUM_HELP } from '../chromium-path.mjs';

const executablePath = chromiumPath();
if (!executablePath && !process.env.PLAYWRIGHT_BROWSERS_PATH) console.warn(CHROMIUM_HELP);

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  globalSetup: './global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // One retry: Chromium's own browser process crashed once in a full run here (a crash dump of the browser process,
  // every page closed mid-test), which no test can guard against. test/run.mjs names every test that needed it, so
  // a test that keeps needing it is seen (README).
  retries: 1,
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]],
  outputDir: '../../test-results/artifacts',
  use: {
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
});
