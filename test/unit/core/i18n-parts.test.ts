import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ensureTexts, locale, setLocale, t, type TextPart } from '../../../src/core/i18n/index.ts';

// A lazy part of the texts, as the phone-view pages declare theirs (src/phone-view/texts.ts).
function countingPart(): { part: TextPart; loads: string[] } {
  const loads: string[] = [];
  const table = (text: string) => ({ default: { stream: { connecting: text } } as never });
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
  assert.is(t('stream.connecting'), '连接中');
  await setLocale('en-US');
  assert.equal(loads, ['zh-CN', 'en-US']);
  assert.is(locale.value, 'en-US');
  assert.is(t('stream.connecting'), 'Connecting');
  await setLocale('zh-CN');
  assert.equal(loads, ['zh-CN', 'en-US'], 'already loaded languages are not fetched again');
  await setLocale(before); // later test files expect the language they installed
});

test.run();
