// The programs the engine tests start (Xvfb, WebKitWebDriver and the MiniBrowser it starts), each in a process group
// of its own so one signal ends it with its children. Whatever ends the test process, its exit ends every group still
// running and runs the cleanups registered (the reference server): a browser or server left behind would hold memory,
// a display or a port through the rest of `npm test`.
import { spawn } from 'node:child_process';

const running = new Set();

const cleanups = new Set();

/** Runs `cleanup` (synchronous) when the test process ends, however it ends, unless `cancel()` was called first. */
export function atExit(cleanup) {
  cleanups.add(cleanup);
  return { cancel: () => cleanups.delete(cleanup) };
}

function endAll() {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // the rest still run
    }
  }
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
process.on('exit', endAll);
// A signal ends Node without its exit event: end the groups first, then exit as the signal would have.
for (const [signal, number] of [['SIGINT', 2], ['SIGTERM', 15], ['SIGHUP', 1]]) {
  process.on(signal, () => {
    endAll();
    process.exit(128 + number);
  });
}

/** Spawns `command` as the leader of a new process group; its output is kept for the failure message. */
export function startOwned(command, args, { env = process.env } = {}) {
  const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.output = '';
  child.stdout.on('data', (chunk) => (child.output = (child.output + chunk).slice(-4000)));
  child.stderr.on('data', (chunk) => (child.output = (child.output + chunk).slice(-4000)));
  child.once('exit', () => running.delete(child));
  return child;
}

/** Ends the group (SIGTERM, then SIGKILL after two seconds) and resolves once its leader has exited. */
export async function stopOwned(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 2000);
  await exited;
  clearTimeout(timer);
}
