// Type-checks each environment with its own compiler settings (tsconfig.client.json: the DOM; .server.json: Node,
// no DOM; .sw.json: the WebWorker; tsconfig.json: the tests and build tools), two at a time, and exits non-zero when
// any of them fails. Each one's errors are printed under its name.
import { spawn } from 'node:child_process';

const CONFIGS = ['tsconfig.client.json', 'tsconfig.server.json', 'tsconfig.sw.json', 'tsconfig.json'];
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;

function check(config) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', config, '--noEmit', '--pretty', 'false'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ config, code, output }));
  });
}

const queue = [...CONFIGS];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let config = queue.shift(); config; config = queue.shift()) results.push(await check(config));
  }),
);
for (const { config, code, output } of results) {
  console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${config}`);
  if (code !== 0) console.log(output.trimEnd());
}
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
