// The journey's database: a private PostgreSQL cluster (test/pg-cluster.mjs) whose URL the reference server gets as
// DATABASE_URL, so it makes its schema and seeds itself there, as an instance sharing a database would. Where
// PostgreSQL cannot run (NO_POSTGRES=1, no binaries) the server keeps its SQLite file in DATA_DIR, and one line says
// so. The cluster stops with `stop()`, and otherwise when the process ends however it ends (pg-cluster's own exit
// and signal handlers; owned-processes.mjs's signal handlers exit, which runs them).
import { ensurePostgres, startCluster } from '../pg-cluster.mjs';

/** `{ engine, url, stop }`: url is undefined on SQLite; stop() may be called more than once. */
export async function journeyDatabase({ log = console.log } = {}) {
  const found = ensurePostgres({ log });
  if (found.skipped) {
    log(`The journey runs on SQLite: PostgreSQL skipped (${found.skipped})`);
    return { engine: 'SQLite', url: undefined, stop: async () => {} };
  }
  const cluster = await startCluster({ log, database: 'journey' });
  log(`The journey's server runs on PostgreSQL: a private cluster on port ${cluster.port}`);
  let stopped;
  return { engine: 'PostgreSQL', url: cluster.url, stop: () => (stopped ??= cluster.stop()) };
}
