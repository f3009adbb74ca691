// A page marked `catalogueLater` (src/app/routes.ts) shows before the error catalogue's texts are in. Its modules
// must then word nothing with a catalogue text they did not wait for: a raw key (`errors.copyFailed`) on screen.
// This walks each such page's modules as the bundler sees them and reads their source.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { build } from 'esbuild';
import { ROUTES } from './route-rows.ts';
import { parseRouteTable } from '../../../scripts/boot-plan.mjs';
import coreTexts from '../../../src/core/i18n/core-zh-CN.ts';

const root = new URL('../../../', import.meta.url).pathname;
/** The `errors.*` texts of the first screen's part: always in, so any page may use them. */
const CORE_ERROR_KEYS = new Set(Object.keys(coreTexts.errors));

/** The project's own modules a page's module reaches, static and dynamic imports alike (libraries left out). */
async function modulesOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    packages: 'external',
    loader: { '.css': 'empty', '.svg': 'empty' },
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).filter((path) => path.startsWith('src/'));
}

/** What in a module's source words something with a catalogue text it did not wait for. */
export function unwaitedCatalogueUses(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/'errors\.(\w+)'/g)) {
    const before = source.slice(Math.max(0, (match.index ?? 0) - 'errorText('.length), match.index);
    if (!CORE_ERROR_KEYS.has(match[1]) && before !== 'errorText(') found.push(match[0]);
  }
  // A code described without the catalogue is worded by its number: `describeEntry` waits for it.
  for (const match of source.matchAll(/\bdescribe\(/g)) found.push(match[0]);
  return found;
}

test('the check finds a catalogue text used at once, and lets one through that is waited for', () => {
  assert.equal(unwaitedCatalogueUses(`notify(t('errors.copyFailed'))`), [`'errors.copyFailed'`]);
  assert.equal(unwaitedCatalogueUses(`const reason = describe(entry.code, entry.msg)`), ['describe(']);
  assert.equal(unwaitedCatalogueUses(`notify(await errorText('errors.copyFailed'))`), []);
  assert.equal(unwaitedCatalogueUses(`t('errors.prefix', { code })`), []);
});

test('home is a page that shows before the catalogue, and the build knows it', () => {
  const later = ROUTES.filter((route) => route.catalogueLater).map((route) => route.name);
  assert.ok(later.includes('home'));
  assert.equal(parseRouteTable().filter((route) => route.catalogueLater).map((route) => route.name), later);
});

test('a page that shows before the catalogue uses no catalogue text it did not wait for', async () => {
  for (const route of parseRouteTable().filter((row) => row.catalogueLater)) {
    const modules = await modulesOf(route.module);
    assert.ok(modules.length > 3, `${route.name}: its modules were found`);
    for (const module of modules) {
      // core/ is where the catalogue and its waiting live (errors.ts, http.ts).
      if (module.startsWith('src/core/')) continue;
      const uses = unwaitedCatalogueUses(readFileSync(root + module, 'utf8'));
      assert.equal(uses, [], `${route.name}: ${relative(root, root + module)}`);
    }
  }
});

test.run();
