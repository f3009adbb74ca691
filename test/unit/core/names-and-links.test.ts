import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkName } from '../../../shared/validate.ts';
import { lookalikeKey } from '../../../shared/name-lookalike.ts';
import { isSafeUrl } from '../../../src/core/safe-url.ts';
import { sanitizeHtml } from '../../../src/core/sanitize-html.ts';

// Names refused by Unicode category (shared/validate.ts), the look-alike key of reserved names
// (shared/name-lookalike.ts), and links that reach another site under a disguise (src/core/sanitize-html.ts).

const hex = (s: string) => [...s].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

/** Each alone, and inside a name: format, private use, unassigned, separators and blanks. */
const REFUSED = [
  '\u061C', // Arabic letter mark (Cf)
  '\u2800', // blank braille pattern
  '\u{E0041}', // tag letter A (Cf) outside a flag
  '\u2061', // function application (Cf)
  '\u206A', // inhibit symmetric swapping (Cf)
  '\uFFF9', // interlinear annotation anchor (Cf)
  '\u034F', // combining grapheme joiner
  '\u2002', // en space (Zs)
  '\u200A', // hair space (Zs)
  '\u00A0', // no-break space (Zs)
  '\u202F', // narrow no-break space (Zs)
  '\u180E', // Mongolian vowel separator
  '\u115F', '\u1160', '\u3164', '\uFFA0', // Hangul fillers
  '\u17B4', // Khmer inherent vowel, drawn as nothing
  '\uE000', // private use (Co)
  '\u{F0000}', // supplementary private use (Co)
  '\u0378', // unassigned (Cn)
  '\u2029', // paragraph separator (Zp)
  '\u200B', '\u2060', '\uFEFF', '\u00AD', // zero-width space, word joiner, byte-order mark, soft hyphen
];

test('names: every refused category, alone and between letters', () => {
  for (const c of REFUSED) {
    assert.is(checkName(c) === null, false, `${hex(c)} alone`);
    assert.is(checkName(`a${c}b`), 'validate.nameInvalidCharacters', `${hex(c)} inside`);
  }
});

test('names: joiners, variation selectors, flag tags and real scripts stay allowed', () => {
  const good = [
    '👨\u200D👩\u200D👧 家', // ZWJ family
    'می\u200Cخواهم', // Persian with ZWNJ
    '❤\uFE0F 手机', // variation selector 16
    '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scot', // flag of Scotland: tag letters and cancel tag
    'ᠮᠣᠩ\u180Bᠭᠣᠯ', // Mongolian free variation selector
    'Café', 'ภาษาไทย', 'Tiếng Việt', 'Ελληνικά', 'Русский', 'हिन्दी',
  ];
  for (const name of good) assert.is(checkName(name), null, name);
  // A tag outside a flag sequence, or a flag's tags without the flag, is refused.
  assert.is(checkName('a\u{E0067}\u{E0062}\u{E007F}'), 'validate.nameInvalidCharacters');
  assert.is(checkName('\u3000'), 'validate.nameRequired', 'ideographic spaces alone are trimmed away');
  assert.is(checkName('我的\u3000手机'), 'validate.nameInvalidCharacters', 'an ideographic space inside is a space other than U+0020');
  assert.is(checkName('我的 手机'), null);
});

test('look-alike key: fullwidth, Cyrillic, spaced, cased and traditional forms of the default group name', () => {
  const english = lookalikeKey('Default group');
  for (const name of ['Default\u00A0group', 'ＤＥＦＡＵＬＴ ＧＲＯＵＰ', 'D\u0435fault group', 'DEFAULT GROUP', 'Defaultgroup', 'DefauIt gr0up', 'Dеfаult grоuр', 'Default\u2003group', 'Default gr\u03BFup']) {
    assert.is(lookalikeKey(name), english, hex(name));
  }
  const chinese = lookalikeKey('默认分组');
  for (const name of ['默认 分组', '默认\u3000分组', '默認分組', '默认\u200B分组']) assert.is(lookalikeKey(name), chinese, name);
  for (const name of ['Default groups', 'Work', 'Dfault group', '默认']) {
    assert.is.not(lookalikeKey(name), english, name);
    assert.is.not(lookalikeKey(name), chinese, name);
  }
});

test('sanitizer: backslash links to another host lose their address, protocol-relative ones open in a new tab', () => {
  for (const href of ['/\\evil.example', '\\\\evil.example', '\\/evil.example', '/\t\\evil.example', '/\n\\evil.example', ' \\\\evil.example', '\\\t\\evil.example']) {
    const html = sanitizeHtml(`<a href="${href.replace(/\n/g, '&#10;')}">x</a><img src="${href}" alt="i">`);
    assert.is(html, '<a rel="noopener noreferrer">x</a><img alt="i">', JSON.stringify(href));
  }
  for (const href of ['//evil.example/path', '/\t/evil.example', ' //evil.example']) {
    const html = sanitizeHtml(`<a href="${href}">x</a>`);
    assert.match(html, /target="_blank"/, JSON.stringify(href));
    assert.match(html, /rel="noopener noreferrer"/);
  }
  // In-app links stay in the tab; a single backslash is a path on this site.
  for (const href of ['/app/demo/home', 'help/a', '\\help']) assert.not.match(sanitizeHtml(`<a href="${href}">x</a>`), /target/, href);
});

test('safe links (ads, service links, dialog actions): backslash hosts are refused, web and relative ones pass', () => {
  for (const href of ['\\\\evil.example', '/\\evil.example', '\\/evil.example', ' /\t\\evil.example', 'javascript:alert(1)', 'java\tscript:x']) {
    assert.is(isSafeUrl(href), false, JSON.stringify(href));
  }
  for (const href of ['https://example.com/a', '/app/help/demo', 'help?id=2', 'mailto:a@example.com', 'tel:10086', '//cdn.example/x']) {
    assert.is(isSafeUrl(href), true, href);
  }
});

test.run();
