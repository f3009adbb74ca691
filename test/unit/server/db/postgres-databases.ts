import { ensurePostgres, startCluster } from '../../../pg-cluster.mjs';
import { reusableDatabases, templateDatabase } from '../../../pg-databases.mjs';
import { applyBaseline } from '../../../../server/db/postgres/baseline.ts';
import { openPostgres } from '../../../../server/db/postgres-engine.ts';
import type { PostgresEngine, PostgresEngineOptions } from '../../../../server/db/postgres-engine.ts';

// PostgreSQL for the server tests: one throwaway cluster per test process, started on first use (test/pg-cluster.mjs
// stops it when the process ends), a template database holding the baseline schema, and copies of it that are emptied
// again between tests (a few milliseconds, where a new copy takes a tenth of a second or more: docs/postgresql.md).

const TEMPLATE = 'baseline';

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
let started: Promise<{ cluster: Cluster; databases: ReturnType<typeof reusableDatabases> }> | undefined;

function databases() {
  started ??= (async () => {
    const cluster = await startCluster();
    await templateDatabase(cluster, TEMPLATE, async (url: string) => {
      const engine = openPostgres(url);
      try {
        await applyBaseline(engine);
      } finally {
        await engine.close();
      }
    });
    return { cluster, databases: reusableDatabases(cluster, TEMPLATE, { keep: ['schema_migrations'] }) };
  })();
  return started;
}

export interface FreshPostgres {
  engine: PostgresEngine;
  url: string;
  /** Closes the engine and hands the database back to be emptied for the next test. */
  close(): Promise<void>;
}

/** A database of its own holding the baseline schema and no rows, and an engine on it. */
export async function freshPostgres(options: PostgresEngineOptions = {}): Promise<FreshPostgres> {
  const database = await (await databases()).databases.acquire();
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
