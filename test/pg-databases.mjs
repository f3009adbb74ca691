// Databases for tests on a cluster of test/pg-cluster.mjs: a template prepared once, then copies of it per test.
import pg from 'pg';

/**
 * A template database: created, prepared once by `prepare(socketUrl)`, its rows and sequence positions then copied
 * into a schema of its own (`snapshot`) so that a copy can be put back as it was, then closed to connections.
 */
export async function templateDatabase(cluster, name, prepare) {
  const created = await cluster.createDatabase(name);
  await prepare(created.socketUrl);
  await onDatabase(created.socketUrl, async (pool) => {
    const tables = (await pool.query(TABLES)).rows.map((row) => row.tablename);
    await pool.query([
      'CREATE SCHEMA snapshot;',
      ...tables.map((table) => `CREATE TABLE snapshot.${cluster.quoted(table)} AS TABLE public.${cluster.quoted(table)};`),
      `CREATE TABLE snapshot.sequence_positions AS SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public';`,
    ].join('\n'));
  });
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
const TRIGGERS = `SELECT t.tgname AS name, c.relname AS "table" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND NOT t.tgisinternal`;

/**
 * Copies of `template` handed out again once released, put back as the template was first: what a test needs from a
 * fresh database in a few milliseconds rather than a copy's tenth of a second (docs/postgresql.md). Put back means:
 * other connections to it ended, tables and triggers the template lacks dropped, every table's rows replaced by the
 * template's (its snapshot schema, made by templateDatabase), and the sequences set where the template left them, so
 * ids count on from the same number. `acquire()` answers `{ url, socketUrl, release }`.
 * @param {Awaited<ReturnType<typeof import('./pg-cluster.mjs').startCluster>>} cluster
 * @param {string} template
 */
export function reusableDatabases(cluster, template) {
  const free = [];
  const { quoted } = cluster;
  const putBack = (database) =>
    onDatabase(database.socketUrl, async (pool) => {
      await pool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      const tables = (await pool.query(TABLES)).rows.map((row) => row.tablename);
      const added = tables.filter((table) => !database.tables.has(table));
      // The template has no triggers of its own: any on a kept table is a test's (an added table's goes with it).
      const triggers = (await pool.query(TRIGGERS)).rows.filter(({ table }) => database.tables.has(table));
      const kept = tables.filter((table) => database.tables.has(table));
      await pool.query([
        ...added.map((table) => `DROP TABLE IF EXISTS ${quoted(table)} CASCADE;`),
        ...triggers.map(({ name, table }) => `DROP TRIGGER IF EXISTS ${quoted(name)} ON public.${quoted(table)};`),
        // Foreign keys are not checked while the rows are replaced (replica role): the order of the tables does not matter.
        'SET session_replication_role = replica;',
        ...kept.map((table) => `DELETE FROM public.${quoted(table)};`),
        ...database.filled.map((table) => `INSERT INTO public.${quoted(table)} SELECT * FROM snapshot.${quoted(table)};`),
        'RESET session_replication_role;',
        ...database.sequences.map(({ name, position }) =>
          position === null ? `SELECT setval('${quoted(name)}', 1, false);` : `SELECT setval('${quoted(name)}', ${Number(position)}, true);`),
      ].join('\n'));
    });
  return {
    async acquire() {
      let database = free.pop();
      if (database) await putBack(database);
      else {
        database = await freshDatabase(cluster, template);
        await onDatabase(database.socketUrl, async (pool) => {
          database.tables = new Set((await pool.query(TABLES)).rows.map((row) => row.tablename));
          const counted = await pool.query(
            `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'snapshot' AND c.relkind = 'r' AND c.relname <> 'sequence_positions'`,
          );
          const filled = [];
          for (const { name } of counted.rows) {
            if ((await pool.query(`SELECT EXISTS (SELECT 1 FROM snapshot.${quoted(name)}) AS filled`)).rows[0].filled) filled.push(name);
          }
          database.filled = filled;
          database.sequences = (await pool.query('SELECT name, last_value AS position FROM snapshot.sequence_positions')).rows;
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
