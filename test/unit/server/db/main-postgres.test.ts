import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIGURATION_TABLE } from '../../../../server/configuration.ts';
import { DATABASE_FILE_NAME } from '../../../../server/db/index.ts';
import { freePort } from '../../../start-server.mjs';
import { TEST_DATABASE } from '../helpers.ts';
import { emptyPostgres, postgresSkipped } from './postgres-databases.ts';

// `DATABASE_URL` as an operator sets it: the server started on an empty PostgreSQL database makes its schema and its
// demo tenants there, keeps no SQLite file in DATA_DIR, and starts again on the database it left. Run in the
// PostgreSQL pass of the server tests only (test/run.mjs), where the cluster is already up.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const skipped = TEST_DATABASE === 'postgres' ? postgresSkipped() : 'runs with SERVER_TEST_DATABASE=postgres';

/** Starts server/main.ts, waits until it answers, logs in as the demo user, stops it; answers the login's reply. */
async function startAndLogIn(databaseUrl: string, dataDir: string): Promise<{ code: number; output: string }> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const row of CONFIGURATION_TABLE) delete env[row.name];
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer within 30 s:\n${output}`);
      const answered = await fetch(`${base}/api/merchant/client/get-client-secure-data?clientNo=DEMO`).then((r) => r.ok, () => false);
      if (answered) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const login = await fetch(`${base}/api/merchant/auth/login`, {
      method: 'POST',
      headers: { 'tenant-id': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800138000', password: 'demo1234' }),
    });
    return { code: ((await login.json()) as { code: number }).code, output };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

test('DATABASE_URL: a first start on an empty database makes its schema and demo tenants, and no SQLite file', async () => {
  if (skipped) return console.log(`DATABASE_URL start skipped: ${skipped}`);
  const database = await emptyPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'main-postgres-'));
  try {
    const first = await startAndLogIn(database.url, dataDir);
    assert.is(first.code, 0, first.output);
    assert.match(first.output, /database: PostgreSQL/);
    assert.not.ok(existsSync(join(dataDir, DATABASE_FILE_NAME)), `DATA_DIR holds ${readdirSync(dataDir).join(', ')}`);
    // Started again on what the first start left: nothing to make, the same demo login.
    const again = await startAndLogIn(database.url, dataDir);
    assert.is(again.code, 0, again.output);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
});

test.run();
