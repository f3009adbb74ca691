import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  addPhrase,
  checkPhrase,
  editPhrase,
  loadPhrases,
  MAX_PHRASE_CHARS,
  MAX_PHRASES,
  removePhrase,
  savePhrases,
} from '../../../src/phone-view/phrases.ts';

const STORAGE_KEY = 'commonPhrases';

test.before.each(() => localStorage.removeItem(STORAGE_KEY));
test.after.each(() => localStorage.removeItem(STORAGE_KEY));

test('add: trimmed, newest first, the input list untouched', () => {
  const list = ['older'];
  const result = addPhrase(list, '  hello world \n');
  assert.equal(result, { ok: true, list: ['hello world', 'older'] });
  assert.equal(list, ['older']);
});

test('add: empty or blank text is refused', () => {
  assert.equal(addPhrase([], ''), { ok: false, error: 'empty' });
  assert.equal(addPhrase(['a'], ' \t\n '), { ok: false, error: 'empty' });
});

test('add: a duplicate (after trimming) is refused; case differs is not a duplicate', () => {
  assert.equal(addPhrase(['hello'], 'hello'), { ok: false, error: 'duplicate' });
  assert.equal(addPhrase(['hello'], '  hello  '), { ok: false, error: 'duplicate' });
  assert.ok(addPhrase(['hello'], 'Hello').ok);
});

test('add: at most MAX_PHRASE_CHARS characters (code points, not UTF-16 units)', () => {
  assert.is(MAX_PHRASE_CHARS, 1000);
  assert.ok(addPhrase([], 'a'.repeat(1000)).ok);
  assert.equal(addPhrase([], 'a'.repeat(1001)), { ok: false, error: 'tooLong' });
  assert.ok(addPhrase([], '😀'.repeat(1000)).ok, '1000 emoji are 2000 UTF-16 units but 1000 characters');
  assert.equal(addPhrase([], '😀'.repeat(1001)), { ok: false, error: 'tooLong' });
  assert.ok(addPhrase([], ` ${'a'.repeat(1000)} `).ok, 'surrounding spaces do not count');
});

test('add: refused once MAX_PHRASES are saved', () => {
  assert.is(MAX_PHRASES, 50);
  const almost = Array.from({ length: MAX_PHRASES - 1 }, (_, i) => `p${i}`);
  const result = addPhrase(almost, 'last one');
  assert.ok(result.ok);
  if (!result.ok) return;
  assert.is(result.list.length, MAX_PHRASES);
  assert.equal(addPhrase(result.list, 'one too many'), { ok: false, error: 'tooMany' });
});

test('edit: replaces in place, trimmed', () => {
  assert.equal(editPhrase(['a', 'b', 'c'], 1, '  B  '), { ok: true, list: ['a', 'B', 'c'] });
});

test('edit: keeping its own text is allowed; another entry\'s text is a duplicate', () => {
  assert.equal(editPhrase(['a', 'b'], 1, 'b'), { ok: true, list: ['a', 'b'] });
  assert.equal(editPhrase(['a', 'b'], 1, ' b '), { ok: true, list: ['a', 'b'] });
  assert.equal(editPhrase(['a', 'b'], 1, 'a'), { ok: false, error: 'duplicate' });
  assert.equal(editPhrase(['a', 'b'], 0, 'b'), { ok: false, error: 'duplicate' });
});

test('edit: empty and too long are refused; a full list can still be edited', () => {
  assert.equal(editPhrase(['a'], 0, '   '), { ok: false, error: 'empty' });
  assert.equal(editPhrase(['a'], 0, 'x'.repeat(1001)), { ok: false, error: 'tooLong' });
  const full = Array.from({ length: MAX_PHRASES }, (_, i) => `p${i}`);
  const result = editPhrase(full, 3, 'changed');
  assert.ok(result.ok);
  if (result.ok) assert.is(result.list[3], 'changed');
});

test('check: the rule on its own', () => {
  assert.is(checkPhrase(['a'], 'b'), null);
  assert.is(checkPhrase(['a'], 'a'), 'duplicate');
  assert.is(checkPhrase(['a'], 'a', 0), null);
});

test('remove: drops the entry at the index only', () => {
  const list = ['a', 'b', 'c'];
  assert.equal(removePhrase(list, 1), ['a', 'c']);
  assert.equal(removePhrase(list, 0), ['b', 'c']);
  assert.equal(removePhrase(list, 5), ['a', 'b', 'c']);
  assert.equal(list, ['a', 'b', 'c']);
});

test('storage: nothing saved gives an empty list', () => {
  assert.equal(loadPhrases('user-1'), []);
});

test('storage: save and load round-trip per user', () => {
  savePhrases('user-1', ['hello', '你好']);
  savePhrases('user-2', ['other']);
  assert.equal(loadPhrases('user-1'), ['hello', '你好']);
  assert.equal(loadPhrases('user-2'), ['other']);
  savePhrases('user-1', ['replaced']);
  assert.equal(loadPhrases('user-1'), ['replaced']);
  assert.equal(loadPhrases('user-2'), ['other'], 'saving one user keeps the others');
  assert.equal(loadPhrases('user-3'), []);
  assert.equal(JSON.parse(localStorage.getItem(STORAGE_KEY)!), { 'user-1': ['replaced'], 'user-2': ['other'] });
});

test('storage: corrupt or unexpected content gives an empty list', () => {
  for (const stored of ['{not json', 'null', '"text"', '42', '[]', JSON.stringify({ 'user-1': 'not a list' })]) {
    localStorage.setItem(STORAGE_KEY, stored);
    assert.equal(loadPhrases('user-1'), [], stored);
  }
});

test('storage: entries that are not text are dropped', () => {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ 'user-1': ['ok', 3, null, { a: 1 }, 'fine'] }));
  assert.equal(loadPhrases('user-1'), ['ok', 'fine']);
});

test('storage: saving over corrupt content works', () => {
  localStorage.setItem(STORAGE_KEY, '{broken');
  savePhrases('user-1', ['a']);
  assert.equal(loadPhrases('user-1'), ['a']);
});

test.run();
