import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ensureTexts, installDictionary, locale, setLocale, t, type TextPart } from '../../../src/core/i18n/index.ts';
import zhCN from '../../../src/app/text-parts/first-screen-zh-CN.ts';
import zhCNApp from '../../../src/app/text-parts/signed-in-zh-CN.ts';

// A lazy part of the texts, as the phone-view pages declare theirs (src/phone-view/texts/index.ts).
function countingPart(): { part: TextPart; loads: string[] } {
  const loads: string[] = [];
  const table = (text: string) => ({ default: { phoneView: { connecting: text } } as never });
  return {
    loads,
    part: {
      'zh-CN': async () => (loads.push('zh-CN'), table('连接中')),
      'en-US': async () => (loads.push('en-US'), table('Connecting')),
    },
  };
}

test('a part loads once per language, and a language switch brings every part asked for', async () => {
  const before = locale.value;
  await setLocale('zh-CN');
  const { part, loads } = countingPart();
  await ensureTexts(part);
  await ensureTexts(part);
  assert.equal(loads, ['zh-CN']);
  assert.is(t('phoneView.connecting'), '连接中');
  await setLocale('en-US');
  assert.equal(loads, ['zh-CN', 'en-US']);
  assert.is(locale.value, 'en-US');
  assert.is(t('phoneView.connecting'), 'Connecting');
  await setLocale('zh-CN');
  assert.equal(loads, ['zh-CN', 'en-US'], 'already loaded languages are not fetched again');
  await setLocale(before); // later test files expect the language they installed
});

test('a domain spread over two parts keeps the texts of both (account: login in core, profile in app)', () => {
  const before = locale.value;
  installDictionary('zh-CN', zhCN, zhCNApp);
  assert.is(t('account.login.submit'), '登录');
  assert.is(t('account.profile.title'), '我的');
  assert.not.ok('profile' in zhCN.account, 'the part tables themselves are left as they are');
  installDictionary(before);
});

test('a text written "one|other" agrees with its count; one without a count is left whole', () => {
  installDictionary('en-US', { grant: { common: { days: '1 day|{{count}} days' } } } as never);
  assert.is(t('grant.common.days' as never, { count: 1 }), '1 day');
  assert.is(t('grant.common.days' as never, { count: 3 }), '3 days');
  assert.is(t('grant.common.days' as never, { count: 0 }), '0 days');
  assert.match(t('grant.common.days' as never), '1 day|');
});

test.run();
