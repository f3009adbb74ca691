// A real load balancer for the tests of several server instances: Debian's haproxy, found on the machine or
// installed with apt-get when running as root (saying so in one line); NO_HAPROXY=1 skips. `startBalancer` runs one
// in the foreground with round robin and health checks on GET /health, and stops it when the process ends.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { canInstallDebianPackages, installDebianPackages } from './debian-packages.mjs';

const HELP = 'No haproxy found and none could be installed. Install it with `apt-get install haproxy` (Debian), or set NO_HAPROXY=1.';

function findHaproxy() {
  const onPath = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim()) return onPath.stdout.trim();
  return ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((file) => existsSync(file));
}

/** `{ bin }`, found or installed, or `{ skipped }` with the reason for the caller's one line. */
export function ensureHaproxy({ log = console.log } = {}) {
  if (process.env.NO_HAPROXY === '1') return { skipped: 'NO_HAPROXY=1' };
  const found = findHaproxy();
  if (found) return { bin: found };
  if (canInstallDebianPackages()) {
    log('No haproxy on this machine: installing Debian\'s "haproxy" package with apt-get…');
    installDebianPackages(['haproxy']);
    const installed = findHaproxy();
    if (installed) return { bin: installed };
  }
  return { skipped: HELP };
}

const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Resolves once something accepts connections on 127.0.0.1:port, within `ms`. */
async function listening(port, ms) {
  for (const deadline = Date.now() + ms; ; ) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`haproxy did not listen on ${port} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A balancer on 127.0.0.1:`port` over the servers at `backends` (ports on 127.0.0.1): round robin, each checked on
 * GET /health twice a second and out after two failures, WebSockets tunnelled, X-Forwarded-For set. `{ url, stop }`.
 */
export async function startBalancer({ port, backends }) {
  const found = ensureHaproxy();
  if (!found.bin) throw new Error(`haproxy is not available: ${found.skipped}`);
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-test-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    // A request that cannot reach its server (one just died, not yet marked down) is tried on another.
    '  retries 3',
    '  option redispatch',
    '  option forwardfor',
    '  option httpchk GET /health',
    '  http-check expect status 200',
    ...backends.map((backend, i) => `  server i${i} 127.0.0.1:${backend} check inter 500ms fall 2 rise 1`),
    '',
  ].join('\n'));
  const child = spawn(found.bin, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  running.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await Promise.race([listening(port, 10_000), exited.then((code) => Promise.reject(new Error(`haproxy exited with ${code}:\n${output}`)))]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      running.delete(child);
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
