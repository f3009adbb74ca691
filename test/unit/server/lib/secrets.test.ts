import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SECRETS_FILE_NAME, loadSecrets } from '../../../../server/lib/secrets.ts';

// The server's keys come from the environment, else from a file under DATA_DIR made on the first start.

const freshDir = () => mkdtempSync(join(tmpdir(), 'secrets-test-'));

test('without variables, the first start writes owner-only random keys and later starts read the same ones', () => {
  const dir = freshDir();
  const first = loadSecrets({}, dir);
  const path = join(dir, SECRETS_FILE_NAME);
  assert.is(statSync(path).mode & 0o777, 0o600);
  const file = JSON.parse(readFileSync(path, 'utf8'));
  assert.ok(file.SCREENSHOT_LINK_SECRET.length >= 32 && file.SMS_CODE_SECRET.length >= 32 && file.REFRESH_TOKEN_SECRET.length >= 32);
  assert.is(new Set([file.SCREENSHOT_LINK_SECRET, file.SMS_CODE_SECRET, file.REFRESH_TOKEN_SECRET]).size, 3);
  const second = loadSecrets({}, dir);
  assert.ok(first.screenshotLinkKey.equals(second.screenshotLinkKey));
  assert.ok(first.smsCodeKey.equals(second.smsCodeKey));
  assert.ok(first.refreshTokenKey.equals(second.refreshTokenKey));
});

test('a file written before a key existed gains that key and keeps the others', () => {
  const dir = freshDir();
  const path = join(dir, SECRETS_FILE_NAME);
  writeFileSync(path, JSON.stringify({ SCREENSHOT_LINK_SECRET: 's'.repeat(32), SMS_CODE_SECRET: 'c'.repeat(32) }));
  const secrets = loadSecrets({}, dir);
  assert.is(secrets.smsCodeKey.toString(), 'c'.repeat(32));
  assert.is(JSON.parse(readFileSync(path, 'utf8')).REFRESH_TOKEN_SECRET, secrets.refreshTokenKey.toString());
});

test('an environment variable wins over the file; a short one is refused by name', () => {
  const dir = freshDir();
  const fromFile = loadSecrets({}, dir);
  const key = 'k'.repeat(40);
  const fromEnv = loadSecrets({ SMS_CODE_SECRET: key }, dir);
  assert.is(fromEnv.smsCodeKey.toString(), key);
  assert.ok(fromEnv.screenshotLinkKey.equals(fromFile.screenshotLinkKey), 'the other key still comes from the file');
  assert.throws(() => loadSecrets({ SCREENSHOT_LINK_SECRET: 'short' }, freshDir()), /SCREENSHOT_LINK_SECRET must be at least 32 characters/);
});

test.run();
