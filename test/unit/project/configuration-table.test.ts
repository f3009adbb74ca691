import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { DEFAULT_LIMITS, LIMIT_ENV } from '../../../server/lib/throttles.ts';

// The README's configuration table is the operator's reference: every limit the server reads from the environment has
// a row there, and the default that row states is the one the server uses.

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The default each variable's row states: rows name one or more variables and list their defaults in that order. */
function statedDefaults(): Map<string, string> {
  const stated = new Map<string, string>();
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !cells[1]!.startsWith('`')) continue;
    const names = [...cells[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]!);
    const defaults = cells[2]!.split(/,\s+/);
    names.forEach((name, i) => stated.set(name, defaults[i] ?? ''));
  }
  return stated;
}

test('every limit read from the environment has a README row stating the default the server uses', () => {
  const stated = statedDefaults();
  for (const [name, key] of Object.entries(LIMIT_ENV)) {
    assert.ok(stated.has(name), `${name} has a row in the README's configuration table`);
    assert.is(stated.get(name)!.replace(/[^\d]/g, ''), String(DEFAULT_LIMITS[key]), `${name}'s stated default`);
  }
});

test.run();
