// The boot plan: which files each page of the route table needs, read off the bundle at build time, so that the page
// can ask for all of the first screen in one round (src/app/inline-boot.ts). The Vite plugin below puts the plan and
// the inline boot into index.html and writes dist/boot-plan.json for the tools that need the same lists (the size
// check, the service worker's precache list, the benchmarks).
//
// Measured against the same build without the plan's files (the page then finds them as it imports them, from Vite's
// preload lists; docs/build-tricks.md): a returning user's home is usable at 1,888 ms against 2,500 on the slow
// profile, in two rounds of requests instead of three. It costs the first screen 355 bytes gzip: the plan in the
// HTML, less the preload lists it stands in for in the entry (vite.config.ts, `resolveDependencies`).
import { build as esbuild } from 'esbuild';
import { parseAst } from 'vite';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { TEXT_PART, idleModulesIn } from './load-phases.mjs';

const root = new URL('..', import.meta.url).pathname;
/**
 * The route table's two files and the array of rows each declares: the first screens' rows, which the entry carries,
 * and the rest, a chunk of its own.
 */
const ROUTE_FILES = [
  { file: 'src/app/routes.ts', rows: 'FIRST_PAGES' },
  { file: 'src/app/more-routes.ts', rows: 'MORE_PAGES' },
];
/** What a page whose row is in the second file loads first: that file (src/app/resolve-route.ts waits for it). */
const MORE_ROUTES_MODULE = ROUTE_FILES[1].file;
/**
 * Pages' early starts: modules the boot runs as soon as they arrive, when the page opened lists their file (the page
 * imports them). Each must be a chunk of its own (vite.config.ts) that imports nothing of the entry.
 */
const RUN_AT_BOOT = ['src/share/early-join.ts'];
const LAYOUTS_FILE = 'src/app/layouts/index.tsx';
/** What every page but those of the self-contained layouts loads with its own chunk (routes.ts, layouts/index.tsx). */
const APP_LAYOUTS_MODULE = 'src/app/layouts/app-layouts.tsx';
const TEXT_MODULES = {
  texts: { 'zh-CN': ['src/app/text-parts/first-screen-zh-CN.ts'], 'en-US': ['src/app/text-parts/first-screen-en-US.ts'] },
  appTexts: { 'zh-CN': ['src/app/text-parts/signed-in-zh-CN.ts'], 'en-US': ['src/app/text-parts/signed-in-en-US.ts'] },
  errorTexts: {
    'zh-CN': ['src/core/i18n/errors-zh-CN.ts', 'src/core/error-catalogue.ts'],
    'en-US': ['src/core/i18n/errors-en-US.ts', 'src/core/error-catalogue.ts'],
  },
};

/** `node` without the type syntax around it (`as const`, `satisfies …`, `!`, parentheses). */
const withoutTypes = (node) => (/^(?:TSAsExpression|TSSatisfiesExpression|TSNonNullExpression|ParenthesizedExpression)$/.test(node.type) ? withoutTypes(node.expression) : node);

/** A source file's text, by its path relative to the project root. */
const readSource = (file) => readFileSync(join(root, file), 'utf8');

/** The top-level `const`s of a source file, exported or not: name to initialiser. */
function topLevelConsts(file, source) {
  const program = parseAst(source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  const consts = new Map();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { id, init } of declaration.declarations) if (id.type === 'Identifier' && init) consts.set(id.name, withoutTypes(init));
  }
  return consts;
}

/**
 * The rows of the route table (src/app/routes.ts, then src/app/more-routes.ts) as { name, segment, layout, public,
 * catalogueLater, module, file } (module and file relative to the project root). Each file is parsed (Rolldown's
 * parser, through Vite), so its rows may be formatted like any other code; what the build cannot read for sure (a row
 * that is not an object literal, a field that is not a literal, a loader that is not `() => import('…')` or the name of
 * one declared at the top level) fails the build. A unit test holds this reading to the table the app itself uses;
 * `read` lets it give the reader other sources.
 */
export function parseRouteTable(read = readSource) {
  return ROUTE_FILES.flatMap(({ file, rows }) => {
    const fail = (what) => {
      throw new Error(`boot plan: ${file}, ${rows}: ${what}`);
    };
    const consts = topLevelConsts(file, read(file));
    const table = consts.get(rows);
    if (table?.type !== 'ArrayExpression') fail('not an array literal at the top level');
    /** The module a loader imports, relative to the project root. */
    const loadedModule = (node, at) => {
      const loader = node?.type === 'Identifier' ? consts.get(node.name) : node;
      const body = loader?.type === 'ArrowFunctionExpression' && loader.params.length === 0 ? withoutTypes(loader.body) : undefined;
      if (body?.type !== 'ImportExpression' || body.source.type !== 'Literal') fail(`${at}: load is not () => import('…') or the name of one`);
      return relative(root, resolve(dirname(join(root, file)), body.source.value));
    };
    return table.elements.map((row, index) => {
      if (row?.type !== 'ObjectExpression') fail(`row ${index} is not an object literal`);
      const fields = new Map();
      for (const property of row.properties) {
        if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier') fail(`row ${index} has a field the build cannot name`);
        fields.set(property.key.name, withoutTypes(property.value));
      }
      const literal = (key, type, absent) => {
        const node = fields.get(key);
        if (node === undefined && absent !== undefined) return absent;
        const value = node?.type === 'TemplateLiteral' && node.expressions.length === 0 ? node.quasis[0].value.cooked : node?.type === 'Literal' ? node.value : undefined;
        if (typeof value !== type) fail(`row ${index}: ${key} is not a ${type} literal`);
        return value;
      };
      const name = literal('name', 'string');
      return {
        name,
        segment: literal('segment', 'string'),
        layout: literal('layout', 'string'),
        public: literal('public', 'boolean', false),
        catalogueLater: literal('catalogueLater', 'boolean', false),
        module: loadedModule(fields.get('load'), name),
        file,
      };
    });
  });
}

/**
 * The layouts whose pages load nothing of the signed-in app's layouts (`SELF_CONTAINED_LAYOUTS` of
 * src/app/layouts/index.tsx, parsed like the route table; a unit test holds the two together).
 */
export function parseSelfContainedLayouts() {
  const list = topLevelConsts(LAYOUTS_FILE, readSource(LAYOUTS_FILE)).get('SELF_CONTAINED_LAYOUTS');
  const names = list?.type === 'ArrayExpression' ? list.elements.map((element) => (element?.type === 'Literal' ? element.value : undefined)) : [];
  if (!names.length || names.some((name) => typeof name !== 'string')) throw new Error(`boot plan: SELF_CONTAINED_LAYOUTS in ${LAYOUTS_FILE} is not an array of strings`);
  return names;
}

/** The plan from a Rollup/Rolldown output bundle. File names are relative to dist. */
export function planFromBundle(bundle, version) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map();
  for (const chunk of chunks) for (const id of chunk.moduleIds) byModule.set(relative(root, id), chunk);

  /** A chunk's file, its CSS and the same for everything it imports statically. */
  const closure = (chunk, into = new Set()) => {
    if (into.has(chunk.fileName)) return into;
    into.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    for (const file of chunk.imports) closure(byFile.get(file), into);
    return into;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  const entryFiles = closure(entry);
  const filesOf = (modules) => {
    const files = new Set();
    for (const module of modules) {
      const chunk = byModule.get(module);
      if (!chunk) throw new Error(`boot plan: ${module} is in no chunk of the build`);
      // A module of the entry's own chunk needs no file: the entry is inline in the HTML (scripts/inline-entry.mjs).
      if (chunk !== entry) closure(chunk, files);
    }
    // The entry's own file stays in a lazy page's list: the page's chunks import the entry's exports from it (the build
    // leaves a stub of them there), so the boot asks for it with the page. The entry's CSS is in the HTML.
    return [...files].filter((file) => file === entry.fileName || !entryFiles.has(file));
  };

  /**
   * The text parts a page loads itself before it shows (its `ready`, e.g. src/shop/texts/index.ts): the per-language
   * text modules that the page's own chunks import dynamically. Listed with the page, they join its first round.
   */
  const textPartsOf = (modules) => {
    const parts = {};
    // The page's own chunks: not the entry, whose file a lazy page's list names for its exports only.
    for (const chunk of filesOf(modules).map((file) => byFile.get(file)).filter((chunk) => chunk && chunk !== entry)) {
      for (const file of chunk.dynamicImports) {
        const language = TEXT_PART.exec(byFile.get(file)?.facadeModuleId ?? '')?.[1];
        if (language) (parts[language] ??= []).push(...filesOf([relative(root, byFile.get(file).facadeModuleId)]));
      }
    }
    return parts;
  };

  // The early starts and what they import go first in a page's list: asked for first, they run before the rest is in.
  const runFiles = RUN_AT_BOOT.map((module) => {
    const chunk = byModule.get(module);
    if (!chunk || chunk === entry || chunk.facadeModuleId) throw new Error(`boot plan: ${module} is not in a chunk of its own`);
    if (closure(chunk).has(entry.fileName)) throw new Error(`boot plan: ${module} imports from the entry, which may not have run yet`);
    return chunk.fileName;
  });
  const early = new Set(runFiles.flatMap((file) => [...closure(byFile.get(file))]));
  const earlyFirst = (list) => [...list.filter((file) => early.has(file)), ...list.filter((file) => !early.has(file))];

  const files = [];
  const indexOf = (file) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
  const table = parseRouteTable();
  const selfContained = parseSelfContainedLayouts();
  const modulesOf = (route) => [
    route.module,
    ...(selfContained.includes(route.layout) ? [] : [APP_LAYOUTS_MODULE]),
    ...(route.file === MORE_ROUTES_MODULE ? [MORE_ROUTES_MODULE] : []),
  ];
  /** Each text part some pages load themselves (`textPartsOf`), once, with the segments of those pages. */
  const routeTexts = [];
  for (const route of table) {
    const parts = textPartsOf(modulesOf(route));
    if (Object.keys(parts).length === 0) continue;
    const files = Object.fromEntries(Object.entries(parts).map(([language, textFiles]) => [language, [...new Set(textFiles)].map(indexOf)]));
    const same = routeTexts.find((part) => JSON.stringify(part.files) === JSON.stringify(files));
    if (same) same.segments.push(route.segment);
    else routeTexts.push({ segments: [route.segment], files });
  }
  const perLanguage = (lists) => Object.fromEntries(Object.entries(lists).map(([lang, modules]) => [lang, filesOf(modules).map(indexOf)]));
  return {
    base: '/app/',
    version,
    files,
    routes: Object.fromEntries(table.map((route) => [route.segment, earlyFirst(filesOf(modulesOf(route))).map(indexOf)])),
    publicSegments: table.filter((route) => route.public).map((route) => route.segment),
    texts: perLanguage(TEXT_MODULES.texts),
    appTexts: perLanguage(TEXT_MODULES.appTexts),
    errorTexts: perLanguage(TEXT_MODULES.errorTexts),
    catalogueLater: table.filter((route) => route.catalogueLater).map((route) => route.segment),
    routeTexts,
    exports: indexOf(entry.fileName),
    run: runFiles.map(indexOf),
    // For the tools, not the page: what the HTML itself loads, the rest of the route table's files, and what boot
    // loads once the first page is idle with its texts in both languages (the service worker precaches the last two).
    entry: [...entryFiles],
    moreRoutes: filesOf([MORE_ROUTES_MODULE]),
    idle: filesOf(idleModulesIn(byModule, entryFiles)),
  };
}

/**
 * A page script for index.html: `code` (which imports from src/) bundled into one minified IIFE. Inline scripts run
 * before the app, so they may import only small modules without side effects (inline-boot.ts says which).
 */
export async function compileInlineScript(code) {
  const result = await esbuild({
    stdin: { contents: code, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'iife',
    target: 'es2019',
    minify: true,
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text.trim();
}

/** The inline boot, compiled for the page with the plan as its argument. */
function inlineBoot(plan) {
  const { entry: _entry, moreRoutes: _moreRoutes, idle: _idle, ...pagePlan } = plan;
  return compileInlineScript(`import { boot } from './src/app/inline-boot.ts';\nboot(${JSON.stringify(pagePlan)});`);
}

/** Vite's build manifest (dist/.vite/manifest.json), for tools that look chunks up by name. */
export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** Lists of files (relative to dist) the tools need, from dist/boot-plan.json. */
export function readPlan(dist) {
  const plan = JSON.parse(readFileSync(join(dist, 'boot-plan.json'), 'utf8'));
  const pick = (indexes) => indexes.map((index) => plan.files[index]);
  return {
    plan,
    entry: plan.entry,
    moreRoutes: plan.moreRoutes,
    idle: plan.idle,
    route: (segment) => pick(plan.routes[segment] ?? []),
    texts: (lang) => pick(plan.texts[lang]),
    appTexts: (lang) => pick(plan.appTexts[lang]),
    errorTexts: (lang) => pick(plan.errorTexts[lang]),
  };
}

export function bootPlanPlugin({ version }) {
  let plan = null;
  return {
    name: 'cloud-phone:boot-plan',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.bundle) return html;
        plan = planFromBundle(context.bundle, version);
        const script = `<script>${await inlineBoot(plan)}</script>`;
        // After the entry's module script tag, which runs only once the document is parsed anyway
        // (scripts/inline-entry.mjs later puts the entry itself at the end of <body>, and the preloads of the files it
        // imports, if any, in the tag's place): those are then the first files asked for, and the links the boot adds
        // join the same round behind them.
        const entryTag = /<script type="module"[^>]*><\/script>/.exec(html);
        if (!entryTag) throw new Error('boot plan: index.html has no module script for the entry');
        return html.replace(entryTag[0], () => `${entryTag[0]}\n    ${script}`); // a function: the script is full of `$`
      },
    },
    writeBundle(options) {
      if (plan) writeFileSync(join(options.dir, 'boot-plan.json'), JSON.stringify(plan, null, 2));
    },
  };
}

/**
 * The dev server has no plan and so no inline boot; it still gets the boot's fingerprint line, so that the app's
 * calls carry the same header there as in a build (src/main.tsx reads `window.__fingerprint`).
 */
export function devFingerprintPlugin() {
  return {
    name: 'cloud-phone:dev-fingerprint',
    apply: 'serve',
    async transformIndexHtml(html) {
      const script = await compileInlineScript(`import { fingerprintId } from './src/core/fingerprint.ts';\nwindow.__fingerprint = fingerprintId();`);
      return html.replace(/<script type="module"/, () => `<script>${script}</script>\n    <script type="module"`);
    },
  };
}
