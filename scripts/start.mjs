// `npm start`: build the app if dist/ is missing or older than its sources, then run the reference
// server (PORT, default 8080) that serves it under /app/ together with the API.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const SOURCES = ['src', 'shared', 'sw', 'public', 'scripts', 'index.html', 'vite.config.ts', 'aliases.mjs', 'tsconfig.json', 'package.json'];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(join(root, 'dist/sw.js')) ? statSync(join(root, 'dist/sw.js')).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((name) => join(root, name)).filter(existsSync).map(newestMtime));
if (builtAt < sourcesAt) {
  console.log('building the app…');
  const { build } = await import('./build.mjs');
  await build({ quiet: true });
}

// `npm start` is the demo: its payments are the reference server's simulated ones unless the environment says otherwise.
const env = { ...process.env, PAYMENTS_MODE: process.env.PAYMENTS_MODE || 'demo' };
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
