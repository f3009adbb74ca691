import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { CONFIGURATION_TABLE } from '../../../server/configuration.ts';

// The README's configuration table is the operator's reference, and the code's table (server/configuration.ts) is
// what the server reads: the two are the same rows, in the same order, with the same type, default and description.

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

interface Row {
  name: string;
  type: string;
  default: string;
  description: string;
}

/** The rows of the first table in the README's "Configuration" section. */
function readmeRows(): Row[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n'));
  assert.ok(section, 'the README has a "## Configuration" section');
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| variable |'));
  assert.ok(start >= 0, 'the section has a table headed "| variable |"');
  assert.is(lines[start], '| variable | type | default | what it does |');
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.slice(1, -1).split(' | ').map((cell) => cell.trim());
    assert.is(cells.length, 4, `four cells (no "|" inside one): ${line}`);
    const name = /^`([A-Z0-9_]+)`$/.exec(cells[0]!)?.[1];
    assert.ok(name, `the first cell names one variable: ${line}`);
    rows.push({ name, type: cells[1]!, default: cells[2]!, description: cells[3]! });
  }
  return rows;
}

const codeRows: Row[] = CONFIGURATION_TABLE.map((row) => ({ name: row.name, type: row.typeName, default: row.shownDefault, description: row.description }));

test('every variable the server reads has a README row, and every README row is one the server reads', () => {
  const readmeNames = readmeRows().map((row) => row.name);
  const codeNames = codeRows.map((row) => row.name);
  assert.equal(codeNames.filter((name) => !readmeNames.includes(name)), [], 'read by the server but missing from the README');
  assert.equal(readmeNames.filter((name) => !codeNames.includes(name)), [], 'in the README but not read by the server');
  assert.equal(readmeNames, codeNames, 'the same order');
});

test("each README row states the code's type, default and description word for word", () => {
  const stated = new Map(readmeRows().map((row) => [row.name, row]));
  for (const row of codeRows) assert.equal(stated.get(row.name), row, `${row.name}'s row`);
});

test('the table has no variable twice', () => {
  const names = codeRows.map((row) => row.name);
  assert.equal(names.filter((name, i) => names.indexOf(name) !== i), []);
});

test.run();
