// Databases for tests on a cluster of test/pg-cluster.mjs: a template prepared once, then copies of it per test.
import pg from 'pg';

/** A template database: created, prepared once by `prepare(socketUrl)`, then closed to connections. */
export async function templateDatabase(cluster, name, prepare) {
  const created = await cluster.createDatabase(name);
  await prepare(created.socketUrl);
  await cluster.admin.query(`ALTER DATABASE ${cluster.quoted(name)} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  return created;
}

let copies = 0;

/** A new database copied from `template` (a tenth of a second, more on a busy machine): `{ url, socketUrl, drop }`. */
export async function freshDatabase(cluster, template) {
  const name = `t_${process.pid}_${++copies}`;
  const created = await cluster.createDatabase(name, { template });
  return { ...created, drop: () => cluster.admin.query(`DROP DATABASE IF EXISTS ${cluster.quoted(name)} WITH (FORCE)`) };
}

/** Runs `work` with a one-connection pool on the database at `socketUrl`. */
async function onDatabase(socketUrl, work) {
  const pool = new pg.Pool({ connectionString: socketUrl, max: 1, allowExitOnIdle: true });
  pool.on('error', () => {});
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

const TABLES = "SELECT tablename FROM pg_tables WHERE schemaname = 'public'";

/**
 * Copies of `template` handed out again once released, emptied first: what a test needs from a fresh database in a
 * few milliseconds rather than a copy's tenth of a second (docs/postgresql.md). Emptied means: other connections to
 * it ended, tables the template lacks dropped, every table's rows deleted (but those of the `keep` tables), and the
 * sequences restarted, so ids count from 1 again. `acquire()` answers `{ url, socketUrl, release }`.
 * @param {Awaited<ReturnType<typeof import('./pg-cluster.mjs').startCluster>>} cluster
 * @param {string} template
 * @param {{ keep?: string[] }} [options]
 */
export function reusableDatabases(cluster, template, { keep = [] } = {}) {
  const free = [];
  const { quoted } = cluster;
  const emptyAgain = (database) =>
    onDatabase(database.socketUrl, async (pool) => {
      await pool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      const tables = (await pool.query(TABLES)).rows.map((row) => row.tablename);
      const added = tables.filter((table) => !database.tables.has(table));
      const emptied = tables.filter((table) => database.tables.has(table) && !keep.includes(table));
      await pool.query([
        ...added.map((table) => `DROP TABLE IF EXISTS ${quoted(table)} CASCADE;`),
        // Foreign keys are not checked while emptying (replica role): the order of the tables does not matter.
        'SET session_replication_role = replica;',
        ...emptied.map((table) => `DELETE FROM ${quoted(table)};`),
        'RESET session_replication_role;',
        ...database.sequences.map((sequence) => `SELECT setval('${quoted(sequence)}', 1, false);`),
      ].join('\n'));
    });
  return {
    async acquire() {
      let database = free.pop();
      if (database) await emptyAgain(database);
      else {
        database = await freshDatabase(cluster, template);
        await onDatabase(database.socketUrl, async (pool) => {
          database.tables = new Set((await pool.query(TABLES)).rows.map((row) => row.tablename));
          database.sequences = (await pool.query("SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'")).rows.map((row) => row.sequencename);
        });
      }
      let released = false;
      const release = () => {
        if (!released) free.push(database);
        released = true;
      };
      return { url: database.url, socketUrl: database.socketUrl, release };
    },
  };
}
