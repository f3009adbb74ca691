// Starts the reference server on a free port with a throwaway DATA_DIR, for browser tests and benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 20000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** Returns { baseURL, dataDir, stop }. Extra env (for example SMS_FIXED_CODE) is passed to the server. */
export async function startServer(env = {}) {
  // A port given in `env` (PORT), as an instance that must name its own address (INSTANCE_URL) needs; else a free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cloud-phone-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: join(root, 'dist'), PAYMENTS_MODE: 'demo', STREAM_STATS: '1', CHECK_REPLIES: '1', UPLOAD_STEP_MS: '300',
      // The users tests and benches register land on home, not on the first-run guide (home-guide.spec.ts unsets it per user).
      NEW_ACCOUNTS_SKIP_GUIDE: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseURL}/api/merchant/client/get-client-secure-data?clientNo=DEMO`, child);
  } catch (error) {
    child.kill();
    throw new Error(`${error.message}\n${output}`);
  }
  return {
    baseURL,
    dataDir,
    /** The server's process id (the benchmarks read its memory). */
    pid: child.pid,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      // Already gone (it ended, or a test killed it) or going now.
      await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
