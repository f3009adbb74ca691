import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseAst } from 'vite';
import config from '../../../vite.config.ts';
import { IDLE_CHUNK, IDLE_ENTRY, IDLE_FOLDER, TEXT_PART, idleModules, idleModulesIn } from '../../../scripts/load-phases.mjs';

// What loads once the first page is idle is decided by one folder, src/app/idle/ (scripts/load-phases.mjs): the build
// config puts its modules in the idle chunk, the boot plan lists that chunk for the service worker and fails a build
// where a module of the folder is elsewhere, and boot imports the folder's entry. These hold the three to the folder.

const ROOT = resolve(new URL('../../..', import.meta.url).pathname);

/** Every source module of src/, relative to the project root. */
const sources: string[] = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[])
  .map((name) => `src/${name.split('\\').join('/')}`)
  .filter((file) => /\.tsx?$/.test(file));

interface Import {
  from: string;
  target: string;
  dynamic: boolean;
}

/** The relative imports, re-exports and dynamic imports of a source module, resolved; type-only imports left out. */
function importsOf(file: string): Import[] {
  const found: Import[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const item = node as { type?: string; source?: { type: string; value?: unknown }; importKind?: string; exportKind?: string };
    const dynamic = item.type === 'ImportExpression';
    const isStatic = item.type === 'ImportDeclaration' || item.type === 'ExportNamedDeclaration' || item.type === 'ExportAllDeclaration';
    const typeOnly = item.importKind === 'type' || item.exportKind === 'type';
    const specifier = item.source?.type === 'Literal' ? item.source.value : undefined;
    if ((dynamic || isStatic) && !typeOnly && typeof specifier === 'string' && specifier.startsWith('.')) {
      found.push({ from: file, target: relative(ROOT, resolve(dirname(join(ROOT, file)), specifier)), dynamic });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(parseAst(readFileSync(join(ROOT, file), 'utf8'), { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }));
  return found;
}

const inFolder = (file: string) => file.startsWith(`${IDLE_FOLDER}/`);

interface Group {
  name: string;
  test?: RegExp | ((id: string) => boolean);
}
const groups = (config.build?.rolldownOptions?.output as { codeSplitting: { groups: Group[] } }).codeSplitting.groups;
const matches = (group: Group, file: string) => {
  const id = join(ROOT, file);
  return typeof group.test === 'function' ? Boolean(group.test(id)) : group.test ? group.test.test(id) : false;
};

test('the folder holds the entry boot imports, and its texts in both languages', () => {
  const modules = idleModules();
  assert.equal(modules, sources.filter(inFolder).sort(), 'every source module of the folder, and only those');
  assert.ok(modules.includes(IDLE_ENTRY), `${IDLE_ENTRY} is there`);
  for (const language of ['zh-CN', 'en-US']) assert.ok(modules.some((module) => TEXT_PART.exec(module)?.[1] === language), `a ${language} text part`);
});

test('the build config puts every module of the folder but its texts in the idle chunk, and no other module of src/', () => {
  const idle = groups.find((group) => group.name === IDLE_CHUNK);
  assert.ok(idle, `vite.config.ts has a group named ${IDLE_CHUNK}`);
  const captured = sources.filter((file) => matches(idle!, file));
  assert.equal(captured, sources.filter((file) => inFolder(file) && !TEXT_PART.test(file)));
  // No other group claims a module of the folder (a text part included: it stays a file of its own).
  for (const group of groups.filter((other) => other !== idle)) {
    assert.equal(sources.filter(inFolder).filter((file) => matches(group, file)), [], `the ${group.name} group`);
  }
});

test('boot imports the folder\'s entry, once the first page is idle, and no other module of src/ imports from the folder', () => {
  const intoFolder = sources.filter((file) => !inFolder(file)).flatMap(importsOf).filter((item) => inFolder(item.target));
  assert.equal(intoFolder, [{ from: 'src/main.tsx', target: IDLE_ENTRY, dynamic: true }]);
});

test('the boot plan lists the folder\'s modules in the build, and stops a build where one is not where the folder puts it', () => {
  const modules = idleModules();
  const texts = modules.filter((module) => TEXT_PART.test(module));
  const idleChunk = { name: IDLE_CHUNK, fileName: 'assets/idle-0.js', facadeModuleId: null as string | null, moduleIds: [] as string[] };
  const textChunk = (module: string) => ({ name: module, fileName: `assets/${module}.js`, facadeModuleId: join(ROOT, module), moduleIds: [join(ROOT, module)] });
  const layout = () => new Map<string, unknown>([...modules.map((module) => [module, TEXT_PART.test(module) ? textChunk(module) : idleChunk] as const)]);
  const none = new Set<string>();
  assert.equal(idleModulesIn(layout(), none, modules), modules);

  // A module of the folder left out of the build (the old-domain notice without old domains) is not listed.
  const left = modules.find((module) => module !== IDLE_ENTRY && !TEXT_PART.test(module))!;
  const without = layout();
  without.delete(left);
  assert.equal(idleModulesIn(without, none, modules), modules.filter((module) => module !== left));

  const elsewhere = layout();
  elsewhere.set(left, { name: 'shared', fileName: 'assets/shared-0.js', facadeModuleId: null, moduleIds: [] });
  assert.throws(() => idleModulesIn(elsewhere, none, modules), /is in assets\/shared-0\.js, not where src\/app\/idle\/ puts it/);
  const textInChunk = layout();
  textInChunk.set(texts[0]!, idleChunk);
  assert.throws(() => idleModulesIn(textInChunk, none, modules), /not where src\/app\/idle\/ puts it/);
  const entryElsewhere = layout();
  entryElsewhere.set(IDLE_ENTRY, { name: 'shared', fileName: 'assets/shared-0.js', facadeModuleId: null, moduleIds: [] });
  assert.throws(() => idleModulesIn(entryElsewhere, none, modules), /is not in the idle chunk/);
  assert.throws(() => idleModulesIn(layout(), new Set(['assets/idle-0.js']), modules), /the first screen imports the idle chunk/);
});

test.run();
