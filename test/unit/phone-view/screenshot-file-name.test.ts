import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import zhCN from '../../../src/app/text-parts/first-screen-zh-CN.ts';
import zhCNStream from '../../../src/phone-view/texts/stream-zh-CN.ts';
import { installDictionary, locale, type Locale } from '../../../src/core/i18n/index.ts';
import { screenshotFileName } from '../../../src/phone-view/tool-actions.ts';

// Other test files install their own language: switch to zh-CN for these tests only, then back.
let previous: Locale;
test.before(() => {
  previous = locale.value;
  installDictionary('zh-CN', zhCN, zhCNStream);
});
test.after(() => installDictionary(previous));

const AT = new Date(2026, 0, 5, 3, 4, 9); // local time, as the stamp is

test('file name: <name>-<yyyyMMdd-HHmmss>.jpg in local time', () => {
  assert.is(screenshotFileName('Phone7', AT), 'Phone7-20260105-030409.jpg');
  assert.is(screenshotFileName('CP00000012', new Date(2025, 11, 31, 23, 59, 58)), 'CP00000012-20251231-235958.jpg');
});

test('file name: the stamp follows the local time zone, not UTC', () => {
  const zone = process.env.TZ;
  try {
    process.env.TZ = 'Asia/Shanghai'; // UTC+8, no daylight saving
    assert.is(screenshotFileName('p', new Date(Date.UTC(2026, 0, 4, 19, 4, 9))), 'p-20260105-030409.jpg');
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});

test('file name: characters unsafe in file names and spaces become one underscore per run', () => {
  assert.is(screenshotFileName('a/b\\c:d*e?f"g<h>i|j', AT), 'a_b_c_d_e_f_g_h_i_j-20260105-030409.jpg');
  assert.is(screenshotFileName('my  phone // 1', AT), 'my_phone_1-20260105-030409.jpg');
  assert.is(screenshotFileName('云手机 一号', AT), '云手机_一号-20260105-030409.jpg', 'other text is kept');
});

test('file name: long names are cut to 40 characters', () => {
  const name = screenshotFileName('x'.repeat(100), AT);
  assert.is(name, `${'x'.repeat(40)}-20260105-030409.jpg`);
});

test('file name: an empty name falls back to the translated word', () => {
  assert.is(screenshotFileName('', AT), '截图-20260105-030409.jpg');
});

test.run();
