// A private, throwaway PostgreSQL cluster for the tests and benchmarks, from the machine's own binaries: initdb into a
// fresh temporary folder (trust authentication, fsync off, C locale), started on a unix socket in that folder and a
// free TCP port on 127.0.0.1, and stopped with its folder removed when the process ends however it ends (exit,
// SIGINT, SIGTERM, an uncaught exception). A cluster whose process was killed outright is removed by the next start.
// The binaries come from PATH, then /usr/lib/postgresql/<highest>/bin; when none exist and we are root with apt-get,
// Debian's "postgresql" package is installed (one line says so). NO_POSTGRES=1 skips PostgreSQL: `ensurePostgres`
// then answers why, for the caller's one line. As root, initdb and postgres run as the "postgres" user (or nobody).
//
// Manual use: `node test/pg-cluster.mjs` prints a URL and keeps the cluster until Ctrl-C;
// `node test/pg-cluster.mjs <command…>` runs the command with DATABASE_URL set and stops the cluster after it.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { canInstallDebianPackages, installDebianPackages } from './debian-packages.mjs';

const PREFIX = 'pg-cluster-';

export const POSTGRES_HELP =
  'No PostgreSQL binaries (initdb, pg_ctl) found and none could be installed. Install them with ' +
  '`apt-get install -y postgresql` (Debian/Ubuntu, as root), or put their folder on PATH, or set NO_POSTGRES=1 to ' +
  'skip the PostgreSQL tests.';

/** The folder holding initdb and pg_ctl: PATH first, then Debian's versioned folders, highest version first. */
export function findPostgres() {
  const onPath = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : [];
  return [...onPath, ...debian].find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * PostgreSQL for the tests: `{ bin }` (found, or installed from Debian's packages, saying so in one line), or
 * `{ skipped }` with the reason the caller prints in its one line (NO_POSTGRES=1, or POSTGRES_HELP).
 */
export function ensurePostgres({ log = console.log } = {}) {
  if (process.env.NO_POSTGRES === '1') return { skipped: 'NO_POSTGRES=1' };
  const found = findPostgres();
  if (found) return { bin: found };
  if (canInstallDebianPackages()) {
    log('No PostgreSQL on this machine: installing Debian\'s "postgresql" package with apt-get (about a minute)…');
    installDebianPackages(['postgresql']);
    const installed = findPostgres();
    if (installed) return { bin: installed };
  }
  return { skipped: POSTGRES_HELP };
}

/** Who runs initdb and postgres: ourselves, or as root (which both refuse) the "postgres" user, else nobody. */
function serverUser() {
  if (!isRoot()) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { name, uid: Number(uid.stdout), gid: Number(gid.stdout) };
  }
  throw new Error('running as root, but there is no "postgres" or "nobody" user to run PostgreSQL as');
}

/** Runs a PostgreSQL binary as the server's user; throws with its output when it fails. */
function runAs(user, command, args) {
  const [file, argv] = user
    ? ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', command, ...args]]
    : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' }, timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error}`);
  return result.stdout;
}

const running = new Map();

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Stops a cluster and removes its folder; synchronous, so the exit handler can run it. */
function destroy(dir, bin, user) {
  if (existsSync(join(dir, 'data', 'postmaster.pid'))) {
    try {
      runAs(user, join(bin, 'pg_ctl'), ['stop', '-D', join(dir, 'data'), '-m', 'immediate', '-w', '-t', '20']);
    } catch {
      // Already stopped: nothing to wait for.
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Clusters left by a process that was killed before it could stop them. */
function removeAbandoned(bin, user) {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(PREFIX))) {
    const dir = join(tmpdir(), name);
    const owner = Number(existsSync(join(dir, 'owner')) ? readFileSync(join(dir, 'owner'), 'utf8') : NaN);
    if (Number.isInteger(owner) && !processAlive(owner)) destroy(dir, bin, user);
  }
}

function stopAll() {
  for (const [dir, { bin, user }] of running) destroy(dir, bin, user);
  running.clear();
}

let handlersInstalled = false;
function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      stopAll();
      // Then as if unheard: the default action ends the process with the signal.
      process.kill(process.pid, signal);
    });
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The database at `url` with another name. */
function withDatabase(url, name) {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * Starts a cluster with one database (`database`, default "test"). Answers `{ url, socketUrl, port, dir, admin,
 * createDatabase, quoted, stop }` (test/pg-databases.mjs adds templates and per-test databases); throws when
 * PostgreSQL is skipped or missing (check `ensurePostgres` first to skip with a message).
 */
export async function startCluster({ log = console.log, database = 'test' } = {}) {
  const found = ensurePostgres({ log });
  if (!found.bin) throw new Error(`PostgreSQL is not available: ${found.skipped}`);
  const { bin } = found;
  const user = serverUser();
  removeAbandoned(bin, user);
  installHandlers();
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, 'owner'), String(process.pid));
  running.set(dir, { bin, user });
  try {
    if (user) chownSync(dir, user.uid, user.gid);
    const data = join(dir, 'data');
    runAs(user, join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    let port;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      // Written last in postgresql.conf, so these win over initdb's defaults; a test cluster trades durability for speed.
      appendFileSync(join(data, 'postgresql.conf'), [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'fsync = off', 'synchronous_commit = off', 'full_page_writes = off',
        'max_connections = 200', 'autovacuum = off', "log_min_messages = 'warning'", '',
      ].join('\n'));
      try {
        runAs(user, join(bin, 'pg_ctl'), ['start', '-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '30', '-s']);
        break;
      } catch (error) {
        // The free port may have been taken between asking and listening: try another, twice.
        if (attempt >= 3) throw new Error(`${error.message}\n${existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : ''}`);
      }
    }
    const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
    const socketUrl = (name) => `postgres://postgres@localhost/${name}?host=${encodeURIComponent(dir)}&port=${port}`;
    const admin = new pg.Pool({ connectionString: socketUrl('postgres'), max: 2, allowExitOnIdle: true });
    admin.on('error', () => {});
    const quoted = (name) => `"${name.replace(/"/g, '""')}"`;
    const createDatabase = async (name, { template } = {}) => {
      await admin.query(`CREATE DATABASE ${quoted(name)}${template ? ` TEMPLATE ${quoted(template)} STRATEGY FILE_COPY` : ''}`);
      return { url: withDatabase(url, name), socketUrl: socketUrl(name) };
    };
    await createDatabase(database);
    const cluster = {
      url,
      socketUrl: socketUrl(database),
      port,
      dir,
      admin,
      createDatabase,
      quoted,
      async stop() {
        await admin.end().catch(() => {});
        destroy(dir, bin, user);
        running.delete(dir);
      },
    };
    return cluster;
  } catch (error) {
    destroy(dir, bin, user);
    running.delete(dir);
    throw error;
  }
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const found = ensurePostgres();
  if (!found.bin) {
    console.log(`PostgreSQL skipped: ${found.skipped}`);
    process.exit(found.skipped === 'NO_POSTGRES=1' ? 0 : 1);
  }
  const cluster = await startCluster();
  const command = process.argv.slice(2);
  if (command.length === 0) {
    console.log(`DATABASE_URL=${cluster.url}\n(unix socket: ${cluster.socketUrl}); Ctrl-C stops it and removes ${cluster.dir}`);
    setInterval(() => {}, 1 << 30);
  } else {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: cluster.url } });
    child.on('exit', async (code, signal) => {
      await cluster.stop();
      process.exit(code ?? (signal ? 1 : 0));
    });
  }
}
