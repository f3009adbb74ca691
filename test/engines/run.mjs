// The WebKit and Firefox stage on its own, as `npm test` runs it after the Chromium one: installs the engines when
// missing, then runs the journey against the build in dist/ (`npm run build` first) and ends on the same counts line.
import { spawn } from 'node:child_process';
import { ENGINE_JOURNEY, ensureEngines } from './install.mjs';
import { journeyCounts, journeyFailures } from './report.mjs';

const engines = ensureEngines();
if (engines.skipped) {
  console.log(`WebKit and Firefox tests skipped: ${engines.skipped}`);
  process.exit(0);
}
if (engines.missing) process.exit(1);
const root = new URL('../..', import.meta.url).pathname;
const child = spawn(process.execPath, ENGINE_JOURNEY, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
const code = await new Promise((resolve) => child.on('close', resolve));
const counts = journeyCounts(output, code);
if (counts.failed) console.log(['\nfailures:', ...journeyFailures(output, code)].join('\n'));
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(counts.failed ? 1 : 0);
