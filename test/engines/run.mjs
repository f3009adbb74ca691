// The WebKit and Firefox stage on its own (`npm test` runs it after the Chromium one): installs the engines when
// missing, then runs the journey against the build in dist/ (`npm run build` first).
import { spawnSync } from 'node:child_process';
import { ensureEngines } from './install.mjs';

const engines = ensureEngines();
if (engines.skipped) {
  console.log(`WebKit and Firefox tests skipped: ${engines.skipped}`);
  process.exit(0);
}
if (engines.missing) process.exit(1);
const root = new URL('../..', import.meta.url).pathname;
const run = spawnSync(process.execPath, ['--import', 'tsx', '--test-reporter=spec', 'test/engines/journey.test.ts'], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
