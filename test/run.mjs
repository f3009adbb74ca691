// `npm test`: typecheck, unit tests (client, and server on SQLite then PostgreSQL), production build, browser tests
// against the build and a reference server (the full suite in Chromium, the journey in WebKit and Firefox), and the
// first-screen size budget. Every stage runs even if an earlier one failed (except what needs the build); the last
// line is `tests: N passed, N failed`.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './chromium-path.mjs';
import { ENGINE_JOURNEY, ensureEngines } from './engines/install.mjs';
import { journeyCounts, journeyFailures } from './engines/report.mjs';
import { ensurePostgres } from './pg-cluster.mjs';
import { ensureHaproxy } from './haproxy.mjs';

const root = new URL('..', import.meta.url).pathname;
const totals = { passed: 0, failed: 0 };
const stages = [];
/** What failed, said again just above the summary: a log cut to its last lines still names it. */
const failures = [];

function run(command, args, { capture = false, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const forward = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        if (!capture) target.write(chunk);
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code, output }));
  });
}

function record(name, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  stages.push(`${name}: ${passed} passed, ${failed} failed`);
}

const strip = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** uvu prints "Total: N / Passed: N"; a crash before the summary counts as one failure. */
function uvuCounts(output, code) {
  const text = strip(output);
  const total = Number(/Total:\s+(\d+)/.exec(text)?.[1] ?? NaN);
  const passed = Number(/Passed:\s+(\d+)/.exec(text)?.[1] ?? NaN);
  if (Number.isNaN(total) || Number.isNaN(passed)) return { passed: 0, failed: 1 };
  return { passed, failed: Math.max(total - passed, code === 0 ? 0 : 1) };
}

/** uvu's report of each failed test (its FAIL line and the lines after it), or the output's end after a crash. */
function uvuFailures(stage, output, code) {
  const lines = strip(output).split('\n');
  const starts = lines.flatMap((line, i) => (/^\s*FAIL\s/.test(line) ? [i] : []));
  for (const start of starts) failures.push(`${stage}:`, ...lines.slice(start, start + 14).filter((line) => line.trim()));
  if (!starts.length && code !== 0) failures.push(`${stage} (ended with code ${code}):`, ...lines.slice(-15));
}

const node = process.execPath;
const uvu = ['--import', './test/unit/register.mjs', './node_modules/uvu/bin.js'];

console.log('\n== typecheck');
const typecheck = await run(node, ['scripts/typecheck.mjs']);
record('typecheck', typecheck.code === 0 ? 1 : 0, typecheck.code === 0 ? 0 : 1);

console.log('\n== unit tests (client)');
const clientUnit = await run(node, [...uvu, 'test/unit', '\\.test\\.tsx?$', '-i', 'server']);
const client = uvuCounts(clientUnit.output, clientUnit.code);
record('unit (client)', client.passed, client.failed);
uvuFailures('unit (client)', clientUnit.output, clientUnit.code);

console.log('\n== unit tests (server)');
// Installed here, once, when missing (saying so in one line), so no test's own time carries the install; the
// server's tests on PostgreSQL then find it, or each skips with one line saying why.
const postgres = ensurePostgres();
if (postgres.skipped) console.log(`PostgreSQL tests skipped: ${postgres.skipped}`);
// The balancer of the two-instance test, in the PostgreSQL pass (test/unit/server/instances/).
const haproxy = postgres.skipped ? { skipped: 'no PostgreSQL' } : ensureHaproxy();
if (haproxy.skipped) console.log(`two-instance test skipped: ${haproxy.skipped}`);
const serverUnit = await run(node, [...uvu, 'test/unit/server', '\\.test\\.ts$']);
const server = uvuCounts(serverUnit.output, serverUnit.code);
record('unit (server)', server.passed, server.failed);
uvuFailures('unit (server)', serverUnit.output, serverUnit.code);

// The same server tests again with every app on a PostgreSQL database of its own (test/unit/server/helpers.ts), so
// the data layer keeps its guarantees on both. Skipped, saying why, where PostgreSQL cannot run (NO_POSTGRES=1).
if (!postgres.skipped) {
  console.log('\n== unit tests (server, on PostgreSQL)');
  const onPostgres = await run(node, [...uvu, 'test/unit/server', '\\.test\\.ts$'], { env: { SERVER_TEST_DATABASE: 'postgres' } });
  const counts = uvuCounts(onPostgres.output, onPostgres.code);
  record('unit (server, PostgreSQL)', counts.passed, counts.failed);
  uvuFailures('unit (server, PostgreSQL)', onPostgres.output, onPostgres.code);
}

console.log('\n== build');
const build = await run(node, ['scripts/build.mjs']);
record('build', build.code === 0 ? 1 : 0, build.code === 0 ? 0 : 1);

/** The titles of the report's tests with that outcome ("flaky", "unexpected"), from its nested suites. */
function titlesOf(status, suites = [], path = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? []).filter((t) => t.status === status).map(() => [...path, suite.title, spec.title].filter(Boolean).join(' › ')),
    ),
    ...titlesOf(status, suite.suites, [...path, suite.title]),
  ]);
}

/** Playwright against the build; its JSON report has the counts. */
async function browserTests(browserPath) {
  console.log(`\n== browser tests (playwright, Chromium 390x844 touch: ${browserPath})`);
  const report = join(root, 'test-results', 'e2e.json');
  rmSync(report, { force: true });
  const e2e = await run(node, ['./node_modules/@playwright/test/cli.js', 'test', '-c', 'test/e2e/playwright.config.ts']);
  try {
    const { stats, suites } = JSON.parse(readFileSync(report, 'utf8'));
    // A test that passed only on its retry (playwright.config.ts) counts as passed, but is named here, not hidden.
    try {
      for (const title of titlesOf('flaky', suites)) console.log(`flaky (failed, then passed on its retry): ${title}`);
      const failed = titlesOf('unexpected', suites);
      if (failed.length) failures.push('browser:', ...failed.map((title) => `  failed: ${title}`));
    } catch {
      console.log(`flaky (failed, then passed on its retry): ${stats.flaky} test(s), names not readable from the report`);
    }
    record('browser', stats.expected + stats.flaky, stats.unexpected + (e2e.code !== 0 && stats.unexpected === 0 ? 1 : 0));
  } catch {
    record('browser', 0, 1);
  }
}

/**
 * The journey in WebKit and Firefox (test/engines/) against a server on PostgreSQL, or on SQLite where PostgreSQL is
 * skipped (the journey says so); the engines installed first when missing; NO_ENGINES=1 skips it.
 */
async function engineTests() {
  const database = postgres.skipped ? 'SQLite' : 'PostgreSQL';
  console.log(`\n== browser tests (WebKitGTK and Firefox ESR, 390x844: the journey, server on ${database})`);
  const engines = ensureEngines();
  if (engines.skipped) return console.log(`WebKit and Firefox tests skipped: ${engines.skipped}`);
  const stage = `browser, WebKit and Firefox on ${database}`;
  if (engines.missing) return record(`${stage} (not run: see above)`, 0, 1);
  const journey = await run(node, ENGINE_JOURNEY);
  const counts = journeyCounts(journey.output, journey.code);
  if (counts.failed) failures.push(`${stage}:`, ...journeyFailures(journey.output, journey.code));
  record(`${stage}${counts.skipped ? ` (${counts.skipped} skipped)` : ''}`, counts.passed, counts.failed);
}

if (build.code === 0) {
  const browserPath = await ensureChromium();
  // Without a browser: one failure carrying the message ensureChromium printed, not one per test.
  if (browserPath) await browserTests(browserPath);
  else record('browser (not run: no Chromium, see above)', 0, 1);
  await engineTests();

  console.log('\n== first-screen size budget');
  const size = await run(node, ['test/bench/size.mjs', '--no-build']);
  record('size budget', size.code === 0 ? 1 : 0, size.code === 0 ? 0 : 1);
} else {
  record('browser (not run: build failed)', 0, 1);
  if (process.env.NO_ENGINES !== '1') record('browser, WebKit and Firefox (not run: build failed)', 0, 1);
  record('size budget (not run: build failed)', 0, 1);
}

if (failures.length) console.log('\n== failures, again\n' + failures.slice(0, 60).join('\n'));
console.log('\n' + stages.join('\n'));
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
