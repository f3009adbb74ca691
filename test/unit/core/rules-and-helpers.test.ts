import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkMobile, checkName, checkPassword, checkPasswordRepeat, checkSmsCode } from '../../../shared/validate.ts';
import { chunk, formatDateTime, maskMobile } from '../../../shared/format.ts';
import { clearSessionData, isShowVirtualKey, read, write } from '../../../src/core/storage.ts';
import { sanitizeHtml } from '../../../src/core/sanitize-html.ts';
import { fingerprintId, fnv1a } from '../../../src/core/fingerprint.ts';

test('mobile: required, 11 digits starting 13-19', () => {
  assert.is(checkMobile(''), 'validate.mobileRequired');
  assert.is(checkMobile('12800138000'), 'validate.mobileInvalid');
  assert.is(checkMobile('1380013800'), 'validate.mobileInvalid');
  assert.is(checkMobile('138001380001'), 'validate.mobileInvalid');
  assert.is(checkMobile(' 13800138000 '), null);
});

test('SMS code: 4-6 digits', () => {
  assert.is(checkSmsCode(''), 'validate.codeRequired');
  assert.is(checkSmsCode('123'), 'validate.codeInvalid');
  assert.is(checkSmsCode('1234567'), 'validate.codeInvalid');
  assert.is(checkSmsCode('12a4'), 'validate.codeInvalid');
  assert.is(checkSmsCode('1234'), null);
  assert.is(checkSmsCode('123456'), null);
});

test('password: 6-20 letters and digits, case-sensitive repeat', () => {
  assert.is(checkPassword(''), 'validate.passwordRequired');
  assert.is(checkPassword('abc12'), 'validate.passwordInvalid');
  assert.is(checkPassword('a'.repeat(21)), 'validate.passwordInvalid');
  assert.is(checkPassword('abc 123'), 'validate.passwordInvalid');
  assert.is(checkPassword('密码密码密码'), 'validate.passwordInvalid');
  assert.is(checkPassword('Demo1234'), null);
  assert.is(checkPasswordRepeat('Demo1234', 'demo1234'), 'validate.passwordsDiffer');
  assert.is(checkPasswordRepeat('Demo1234', 'Demo1234'), null);
});

test('names: required, at most 20 characters (an emoji counts once)', () => {
  assert.is(checkName('   '), 'validate.nameRequired');
  assert.is(checkName('a'.repeat(20)), null);
  assert.is(checkName('a'.repeat(21)), 'validate.nameTooLong');
  assert.is(checkName('😀'.repeat(20)), null);
});

test('names: control and text-direction characters are refused, joined emoji and CJK are not', () => {
  for (const bad of ['a\u0000b', 'tab\there', 'x\u007f', 'evil\u202Egnp.exe', 'a\u2066b\u2069', 'mark\u200F', 'c1\u0085'])
    assert.is(checkName(bad), 'validate.nameInvalidCharacters', JSON.stringify(bad));
  assert.is(checkName('👨\u200D👩\u200D👧 家'), null);
  assert.is(checkName('我的云手机'), null);
});

test('names: invisible characters, lone surrogates and piles of marks are refused; accents, Thai and Persian are not', () => {
  const bad = ['\u200B', '默认\u200B分组', '\u3164', 'a\u2028b', 'x\uD800', '\uDC00y', `z${'\u0301'.repeat(19)}`, '\u200D', '\uFE0F', 'soft\u00ADhyphen', 'b\uFEFFom'];
  for (const name of bad) assert.is(checkName(name), 'validate.nameInvalidCharacters', JSON.stringify(name));
  for (const name of ['Café', 'Ca\u0301fe\u0301', 'ภาษาไทย', 'می\u200Cخواهم', 'Tiếng Việt', '❤\uFE0F 手机']) assert.is(checkName(name), null, name);
});

test('masked mobile keeps the first 3 and last 4 digits', () => {
  assert.is(maskMobile('13800138000'), '138****8000');
  assert.is(maskMobile(undefined), '');
});

test('chunk and date formatting', () => {
  assert.equal(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
  assert.throws(() => chunk([1], 0));
  assert.match(formatDateTime(Date.UTC(2026, 0, 2, 3, 4)), /^2026-01-0\d \d\d:\d4$/);
});

test('storage: JSON values under the spec key names; corrupt values read as absent', () => {
  write('tenantId', 100);
  assert.is(localStorage.getItem('tenantId'), '100');
  assert.is(read('tenantId'), 100);
  localStorage.setItem('userInfo', '{not json');
  assert.is(read('userInfo'), undefined);
});

test('storage: clearing session data keeps the language and virtual-key choice', () => {
  write('clientNo', 'demo');
  write('token', 't');
  write('aboutAppData', { clientNo: 'DEMO', clientName: 'x', logoUrl: '', version: '1.0.0', customerServiceUrl: '' });
  write('language', 'en-US');
  write('isShowVirtualKey', false);
  clearSessionData();
  assert.is(read('clientNo'), undefined);
  assert.is(read('token'), undefined);
  assert.is(read('aboutAppData'), undefined);
  assert.is(read('language'), 'en-US');
  assert.is(isShowVirtualKey(), false);
  localStorage.removeItem('isShowVirtualKey');
  assert.is(isShowVirtualKey(), true, 'on unless stored false');
});

test('sanitizer: no scripts, no event handlers, no javascript: links; content kept', () => {
  const dirty = '<h2 onclick="x()">Terms</h2><script>window.hacked=1</script><p>Read <a href="javascript:alert(1)">this</a> and <a href="https://example.com/t">that</a>.</p><img src="x" onerror="window.hacked=2"><a href=" java\tscript:alert(1)">t</a><iframe srcdoc="<p>evil</p>"></iframe><custom-tag>kept text</custom-tag>';
  const clean = sanitizeHtml(dirty);
  assert.not.match(clean, /script/i);
  assert.not.match(clean, /onclick|onerror/i);
  assert.not.match(clean, /iframe/i);
  assert.match(clean, /<h2>Terms<\/h2>/);
  assert.match(clean, /href="https:\/\/example.com\/t"/);
  assert.match(clean, /rel="noopener noreferrer"/);
  assert.match(clean, /kept text/);
  assert.not.match(clean, /custom-tag/);
});

test('sanitizer (DOMPurify): handlers, svg and data: payloads refused; external links open safely', () => {
  const images = sanitizeHtml('<img src="/help/a.svg" alt="a" onerror="window.hacked=3"><img src="data:image/png;base64,AAAA" alt="d">');
  assert.is(images, '<img src="/help/a.svg" alt="a"><img alt="d">', 'handler dropped; data: images refused (web and relative only)');
  const svg = sanitizeHtml('<p>before</p><svg><script>window.hacked=4</script><circle onload="x()"/></svg>');
  assert.is(svg, '<p>before</p>', 'svg removed with its script');
  assert.is(sanitizeHtml('<math><mi>m</mi></math><p>after</p>'), '<p>after</p>');
  const links = sanitizeHtml('<a href="JaVaScRiPt:alert(1)">j</a><a href="/app/demo/home" target="_top">in</a><a href="mailto:a@b.c">m</a>');
  assert.match(links, /<a rel="noopener noreferrer">j<\/a>/, 'javascript: href removed, text kept');
  assert.match(links, /<a href="\/app\/demo\/home" rel="noopener noreferrer">in<\/a>/, 'in-app link: no new tab');
  assert.match(links, /<a href="mailto:a@b.c" rel="noopener noreferrer">m<\/a>/);
  assert.is(sanitizeHtml('<form action="/x"><input name="p"><button>go</button></form><p style="color:red" data-x="1">kept</p>'), '<p>kept</p>');
  assert.match(sanitizeHtml('<a href="https://x.example/">x</a>'), /target="_blank"/);
});

test('fingerprint: stable per device, 16 hex characters', () => {
  assert.is(fnv1a('a'), 'e40c292c');
  const id = fingerprintId();
  assert.match(id, /^[0-9a-f]{16}$/);
  assert.is(fingerprintId(), id);
});

test.run();
