import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renumber } from '../../../../server/db/postgres/placeholders.ts';

// `?` and `@name` renumbered to PostgreSQL's $n, and left alone wherever they are text.

test('? placeholders are numbered in order', () => {
  assert.equal(renumber('SELECT * FROM t WHERE a = ? AND b IN (?, ?)'), { text: 'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)', names: [], positional: 3 });
});

test('a ? or @ inside literals, quoted names, comments and dollar-quoted bodies stays', () => {
  const sql = `SELECT '?', 'it''s ?', E'\\' ?', "col?", x -- ? @a
    /* ? /* nested ? */ @b */ FROM t WHERE $$ ? $$ = ? AND $tag$ @c ? $tag$ = @`;
  const { text, positional, names } = renumber(sql);
  assert.equal([positional, names], [1, []]);
  assert.is(text, sql.replace('$$ = ?', () => '$$ = $1'));
});

test('@name placeholders: one number per name, reused', () => {
  assert.equal(renumber('UPDATE t SET a = @a WHERE b = @b OR a = @a'), { text: 'UPDATE t SET a = $1 WHERE b = $2 OR a = $1', names: ['a', 'b'], positional: 0 });
});

test('an @ that is not a name (an e-mail in a literal, an operator) stays', () => {
  assert.is(renumber("SELECT 'x@y.z', a @> b, c@d FROM t").text, "SELECT 'x@y.z', a @> b, c@d FROM t");
});

test('casts stay', () => {
  assert.is(renumber('SELECT ?::bigint, a::text FROM t').text, 'SELECT $1::bigint, a::text FROM t');
});

test('mixing ? and @name is refused', () => {
  assert.throws(() => renumber('SELECT ? , @a'), /mixes/);
});

test.run();
