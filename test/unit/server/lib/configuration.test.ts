import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIGURATION_TABLE, readConfiguration, SERVER_SETTINGS } from '../../../../server/configuration.ts';
import { boolean, httpUrl, oneOf, positiveInteger, postgresUrl, readSettings, Refusal, wholeNumber, type ValueType } from '../../../../server/lib/environment.ts';
import { DEFAULT_LIMITS, LIMIT_ENV, LIMIT_SETTINGS } from '../../../../server/lib/limits.ts';

// The server's configuration is read from a plain object here (never process.env): each type's parser takes what
// it documents and refuses the rest, and every refusal names its variable, so a typo stops the start instead of
// quietly meaning something else.

const accepts = <T>(type: ValueType<T>, text: string, value: T) => assert.equal(type.parse(text), value, `${type.name} takes "${text}"`);
const refuses = <T>(type: ValueType<T>, text: string) => assert.instance(type.parse(text), Refusal, `${type.name} refuses "${text}"`);

const errorsOf = (env: Record<string, string>): string[] => {
  const read = readConfiguration(env);
  return read.ok ? [] : read.errors;
};
const configurationOf = (env: Record<string, string>) => {
  const read = readConfiguration(env);
  if (!read.ok) throw new Error(`refused: ${read.errors.join('; ')}`);
  return read.configuration;
};

test('an empty environment gives every row its default', () => {
  const configuration = configurationOf({});
  for (const [key, row] of Object.entries(SERVER_SETTINGS)) assert.equal(configuration[key as keyof typeof SERVER_SETTINGS], row.fallback, row.name);
  assert.equal(configuration.limits, DEFAULT_LIMITS);
  assert.is(configuration.llm, undefined);
});

test('an empty value counts as unset', () => {
  const empty = Object.fromEntries(CONFIGURATION_TABLE.map((row) => [row.name, '']));
  assert.equal(configurationOf(empty), configurationOf({}));
});

test('integers: digits only; a positive one refuses 0, a whole number takes it', () => {
  accepts(positiveInteger, '1', 1);
  accepts(positiveInteger, '10737418240', 10737418240);
  for (const bad of ['0', '-1', '1.5', '1e3', '0x10', ' 5', 'abc', '99999999999999999999']) refuses(positiveInteger, bad);
  accepts(wholeNumber, '0', 0);
  accepts(wholeNumber, '300', 300);
  for (const bad of ['-1', '2.5', 'abc']) refuses(wholeNumber, bad);
});

test('booleans: 1, true, 0, false in any case, and nothing else', () => {
  for (const yes of ['1', 'true', 'TRUE', 'True']) accepts(boolean, yes, true);
  for (const no of ['0', 'false', 'FALSE', 'False']) accepts(boolean, no, false);
  for (const bad of ['yes', 'no', 'on', 'off', '2', 't']) refuses(boolean, bad);
});

test('a choice takes its words exactly; a URL must be http or https', () => {
  const mode = oneOf('off', 'demo');
  accepts(mode, 'demo', 'demo');
  for (const bad of ['Demo', 'on', 'demo ']) refuses(mode, bad);
  accepts(httpUrl, 'https://api.example.com/v1', 'https://api.example.com/v1');
  for (const bad of ['ftp://x', 'api.example.com', 'https//x']) refuses(httpUrl, bad);
});

test('the server rows: origins, the fixed SMS code, the secrets, the payments mode', () => {
  const configuration = configurationOf({
    FRAME_ANCESTORS: 'https://partner.example, https://*.webview.example:8443',
    SMS_FIXED_CODE: '246810',
    SMS_CODE_SECRET: 'k'.repeat(32),
    PAYMENTS_MODE: 'demo',
  });
  assert.equal(configuration.frameAncestors, ['https://partner.example', 'https://*.webview.example:8443']);
  assert.is(configuration.smsFixedCode, '246810');
  assert.is(configuration.smsCodeSecret, 'k'.repeat(32));
  assert.is(configuration.paymentsMode, 'demo');
  const errors = errorsOf({ CONNECT_ORIGINS: 'https://ok.example ftp://bad', SMS_FIXED_CODE: '12', SCREENSHOT_LINK_SECRET: 'short-and-secret' });
  assert.is(errors.length, 3, errors.join('\n'));
  assert.match(errors.join('\n'), /CONNECT_ORIGINS must be origins .*"ftp:\/\/bad"/);
  assert.match(errors.join('\n'), /SMS_FIXED_CODE must be 4-6 digits/);
  assert.match(errors.join('\n'), /SCREENSHOT_LINK_SECRET must be at least 32 characters/);
  assert.not.match(errors.join('\n'), /short-and-secret/, 'a refused secret is not printed');
});

test('UPLOAD_QUOTA_BYTES=abc refuses the start instead of setting a tiny quota; digits set it', () => {
  assert.equal(errorsOf({ UPLOAD_QUOTA_BYTES: 'abc' }), ['UPLOAD_QUOTA_BYTES must be a positive integer, got "abc"']);
  assert.is(configurationOf({ UPLOAD_QUOTA_BYTES: '5000' }).uploadQuotaBytes, 5000);
  assert.equal(errorsOf({ UPLOAD_STEP_MS: 'fast' }), ['UPLOAD_STEP_MS must be an integer of 0 or more, got "fast"']);
  assert.is(configurationOf({ UPLOAD_STEP_MS: '0' }).uploadStepMs, 0);
});

test('STREAM_STATS and CHECK_REPLIES follow the one boolean rule', () => {
  const on = configurationOf({ STREAM_STATS: 'true', CHECK_REPLIES: '1', TRUST_PROXY: 'TRUE', NEW_ACCOUNTS_SKIP_GUIDE: '1' });
  assert.equal([on.streamStats, on.checkReplies, on.trustProxy, on.newAccountsSkipGuide], [true, true, true, true]);
  const off = configurationOf({ STREAM_STATS: 'false', CHECK_REPLIES: '0' });
  assert.equal([off.streamStats, off.checkReplies], [false, false]);
  assert.equal(errorsOf({ CHECK_REPLIES: 'yes' }), ['CHECK_REPLIES must be 1, true, 0 or false, got "yes"']);
});

test('every limit is read from its variable, and LIMIT_ENV names each row', () => {
  const env = Object.fromEntries(Object.values(LIMIT_SETTINGS).map((row, i) => [row.name, String(i + 7)]));
  const { limits } = configurationOf(env);
  Object.entries(LIMIT_SETTINGS).forEach(([key, row], i) => {
    assert.is(limits[key as keyof typeof limits], i + 7, row.name);
    assert.is(LIMIT_ENV[row.name], key);
  });
  assert.equal(errorsOf({ THROTTLE_LOCK_SECONDS: '0' }), ['THROTTLE_LOCK_SECONDS must be a positive integer, got "0"']);
});

test('the LLM rows are checked together, after each on its own', () => {
  const llm = configurationOf({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen' }).llm;
  assert.equal(llm, { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen', apiKey: '' });
  assert.match(errorsOf({ LLM_MODEL: 'qwen' }).join('\n'), /need LLM_BASE_URL/);
  assert.match(errorsOf({ LLM_BASE_URL: 'https://api.example.com/v1' }).join('\n'), /needs LLM_MODEL/);
  // A refused URL is the one error: the "needs a URL" it would lead to says nothing more.
  assert.equal(errorsOf({ LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'qwen' }), ['LLM_BASE_URL must be an http or https URL, got "ftp://x"']);
});

test('DATABASE_URL: unset is the SQLite file; a postgres URL is taken as it is; a refused one is echoed without its password', () => {
  assert.is(configurationOf({}).databaseUrl, undefined);
  for (const url of ['postgres://app:secret@db.internal:5432/phones', 'postgresql://app@/phones?host=/run/postgresql']) accepts(postgresUrl, url, url);
  for (const bad of ['mysql://x', 'db.internal:5432', 'postgres//x']) refuses(postgresUrl, bad);
  assert.equal(errorsOf({ DATABASE_URL: 'mysql://app:s3cret@db/phones' }), ['DATABASE_URL must be a postgres:// or postgresql:// URL, got "mysql://app:…@db/phones"']);
});

test('INSTANCE_URL: several instances need DATABASE_URL, UPLOAD_DIR and the three secrets from the environment', () => {
  assert.equal(errorsOf({ INSTANCE_URL: 'http://10.0.0.5:8080' }), [
    'INSTANCE_URL needs DATABASE_URL: several instances share one PostgreSQL database',
    'INSTANCE_URL needs UPLOAD_DIR: one directory every instance reaches, for uploaded files',
    'INSTANCE_URL needs SCREENSHOT_LINK_SECRET, the same on every instance',
    'INSTANCE_URL needs SMS_CODE_SECRET, the same on every instance',
    'INSTANCE_URL needs REFRESH_TOKEN_SECRET, the same on every instance',
  ]);
  const shared = { DATABASE_URL: 'postgres://app@db/phones', UPLOAD_DIR: '/srv/uploads', SCREENSHOT_LINK_SECRET: 's'.repeat(32), SMS_CODE_SECRET: 'k'.repeat(32), REFRESH_TOKEN_SECRET: 'r'.repeat(32) };
  assert.is(configurationOf({ INSTANCE_URL: 'http://10.0.0.5:8080', ...shared }).instanceUrl, 'http://10.0.0.5:8080');
  assert.is(configurationOf(shared).instanceUrl, undefined, 'one instance on PostgreSQL may keep secrets.json');
});

test('every malformed value is reported at once, each naming its variable', () => {
  const env = { PORT: 'http', PAYMENTS_MODE: 'live', TRUST_PROXY: 'maybe', STREAM_STATS: 'on', UPLOAD_QUOTA_BYTES: '1GB', GUEST_DEVICE_LIMIT_PER_HOUR: '-3' };
  const errors = errorsOf(env);
  assert.is(errors.length, Object.keys(env).length, errors.join('\n'));
  for (const [name, value] of Object.entries(env)) {
    assert.ok(errors.some((error) => error.startsWith(`${name} must be `) && error.endsWith(`got "${value}"`)), `${name} is named`);
  }
});

test('readSettings keeps a refused row at its default, so the other rows are still read', () => {
  const { values, errors } = readSettings({ port: SERVER_SETTINGS.port, host: SERVER_SETTINGS.host }, { PORT: 'x', HOST: '127.0.0.1' });
  assert.equal(values, { port: SERVER_SETTINGS.port.fallback, host: '127.0.0.1' });
  assert.equal(errors.map((error) => error.name), ['PORT']);
});

test('main.ts with UPLOAD_QUOTA_BYTES=abc exits non-zero naming it, before it makes DATA_DIR', async () => {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  const dataDir = join(mkdtempSync(join(tmpdir(), 'configuration-test-')), 'data');
  const env: Record<string, string | undefined> = { ...process.env };
  for (const row of CONFIGURATION_TABLE) delete env[row.name];
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...env, DATA_DIR: dataDir, PORT: '1', UPLOAD_QUOTA_BYTES: 'abc' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // A server that did start would listen for ever: stop it and fail rather than hang the suite.
  const guard = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(guard);
  assert.is(code, 1, output);
  assert.match(output, /UPLOAD_QUOTA_BYTES must be a positive integer, got "abc"/);
  assert.not.ok(existsSync(dataDir), 'DATA_DIR was not made: nothing was opened');
});

test.run();
