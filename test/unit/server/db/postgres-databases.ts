import { ensurePostgres, startCluster } from '../../../pg-cluster.mjs';
import { reusableDatabases, templateDatabase } from '../../../pg-databases.mjs';
import { migratePostgres } from '../../../../server/db/index.ts';
import { openPostgres } from '../../../../server/db/postgres-engine.ts';
import { seed } from '../../../../server/db/seed.ts';
import type { PostgresEngine, PostgresEngineOptions } from '../../../../server/db/postgres-engine.ts';

// PostgreSQL for the server tests: one throwaway cluster per test process, started on first use (test/pg-cluster.mjs
// stops it when the process ends), two template databases (the schema alone, and the schema with the demo seed), and
// copies of them that are put back as they were between tests (a few milliseconds, where a new copy takes a tenth of a
// second or more: docs/postgresql.md).

/** The clock the seeded template was seeded at: the one setup() (helpers.ts) starts its tests' clock from. */
export const SEED_CLOCK = Date.UTC(2025, 0, 1, 8, 0, 0);

export type Template = 'schema' | 'seeded';

let skipReason: string | undefined;
let checked = false;

/** Why the PostgreSQL tests cannot run here (NO_POSTGRES=1, no binaries), or undefined when they can. */
export function postgresSkipped(): string | undefined {
  if (!checked) {
    checked = true;
    const found = ensurePostgres();
    skipReason = found.bin ? undefined : found.skipped;
  }
  return skipReason;
}

type Cluster = Awaited<ReturnType<typeof startCluster>>;
type Databases = ReturnType<typeof reusableDatabases>;
let started: Promise<Record<Template, Databases>> | undefined;

/** Prepares a template database at `url`: the schema, and for `seeded` the demo seed. */
async function prepare(url: string, template: Template): Promise<void> {
  const engine = openPostgres(url);
  try {
    await migratePostgres(engine);
    if (template === 'seeded') await seed(engine, SEED_CLOCK);
  } finally {
    await engine.close();
  }
}

let cluster: Cluster | undefined;

function databases() {
  started ??= (async () => {
    cluster = await startCluster();
    const made = {} as Record<Template, Databases>;
    for (const template of ['schema', 'seeded'] as const) {
      await templateDatabase(cluster, template, (url: string) => prepare(url, template));
      made[template] = reusableDatabases(cluster, template);
    }
    return made;
  })();
  return started;
}

export interface FreshPostgres {
  engine: PostgresEngine;
  url: string;
  /** Closes the engine and hands the database back, to be put back as it was for the next test. */
  close(): Promise<void>;
}

/** A database of its own holding the schema and no rows (or the demo seed, from `template`), and an engine on it. */
export async function freshPostgres(options: PostgresEngineOptions = {}, template: Template = 'schema'): Promise<FreshPostgres> {
  const database = await (await databases())[template].acquire();
  // Idle connections do not hold the test process open once its tests are done.
  const engine = openPostgres(database.socketUrl, { ...options, pool: { allowExitOnIdle: true, ...options.pool } });
  return {
    engine,
    url: database.url,
    async close() {
      await engine.close();
      database.release();
    },
  };
}

let empties = 0;

/** A new database on the tests' cluster with nothing in it, not even the schema: what a first start meets. */
export async function emptyPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  await databases();
  const name = `empty_${process.pid}_${++empties}`;
  const made = await cluster!.createDatabase(name);
  return { url: made.url, drop: async () => void (await cluster!.admin.query(`DROP DATABASE IF EXISTS ${cluster!.quoted(name)} WITH (FORCE)`)) };
}
