/**
 * i18n over rosetta, driven by a locale signal: t() reads the signal, so any component that
 * renders a translated text re-renders when the language changes.
 *
 * Texts live with their domain: src/<domain>/texts/ holds one table per language (and per part), keyed by the
 * domain (`account.login.submit`, `devices.groups.manageTitle`, `shop.buy.addTitle`, `phoneView.tools.title`).
 * Only core's own texts sit here: `common.*`, `validate.*` (spec §5) and `errors.*` (spec §8; the catalogue's texts
 * are a part of their own, errors-<lang>.ts, declared and loaded with the catalogue by core/errors.ts). Which
 * texts travel together is the app's choice, not core's (core imports no domain): src/app/text-parts/ assembles the
 * first screen's part that boot names (core, app shell, the account's public pages, the 404 page; zh-CN's comes
 * inside index.html) and the signed-in app's part that every private page's loader awaits (declared by
 * src/app/app-texts.ts). Every other part is declared by the lazy module that needs it (src/shop/texts/index.ts,
 * src/phone-view/texts/index.ts, src/app/idle/texts/index.ts, ...), so its loaders stay out of the first screen. Only
 * the active language is fetched (spec §1: zh-CN by default, choice stored under `language`), except the first
 * screen's zh-CN part. A domain may have texts in several parts (account, app, misc), split by section, never
 * inside one.
 *
 * Message keys come from the zh-CN tables of the parts in TextParts; every en-US table is typed against its zh-CN
 * twin (Translation).
 */
import rosetta from 'rosetta';
import { signal } from '@preact/signals-react';
import type coreZhCN from './core-zh-CN.ts';
import { read, write } from '../storage.ts';

/** The shape of a zh-CN table with any wording: the type of its en-US twin. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
/** Core's own texts (`common.*`, `validate.*`), which every part of the first screen carries. */
export type CoreDictionary = Translation<typeof coreZhCN>;

/**
 * THE registry of the text parts: each part's name and the shape of its tables (its zh-CN table's type). Core lists
 * only its own texts; every other part adds itself, by declaration merging, in the module that declares it (the
 * first screen's in src/app/text-parts/first-screen-zh-CN.ts, src/shop/texts/index.ts, src/app/app-texts.ts,
 * core/errors.ts, ...).
 * Dictionary and MessageKey are derived from it: a t() of a key that no registered zh-CN table holds fails the
 * typecheck, and so does a catalogue entry whose text is missing; each en-US table, typed against its zh-CN twin,
 * fails it when a key is missing or extra.
 *
 * What a new domain (`share`, with a part of its own and codes of its own) writes, none of it in core:
 *  - src/share/texts/share-zh-CN.ts: `const texts = { share: { …, errors: { roomFull: '房间已满' } } };` and
 *    `export default texts;`. share-en-US.ts: the same keys, `const texts: Translation<typeof zhCN> = { share: … };`.
 *    (Named `<part>-<lang>.ts` in a texts/ folder: the boot plan then lists them with the pages that load them.)
 *  - src/share/errors.ts: its codes and entries, keyed to that `errors` section:
 *    `export const ROOM_FULL = 1_005_001_001;`
 *    `export const SHARE_ERRORS: readonly CatalogueEntry[] = [{ key: 'share.errors.roomFull', codes: [ROOM_FULL] }];`
 *  - src/share/texts/index.ts: the part, its registration here, and its loader, which registers the entries too:
 *    `const SHARE_TEXTS: TextPart = {`
 *    `  'zh-CN': () => import('./share-zh-CN.ts'), 'en-US': () => import('./share-en-US.ts') };`
 *    `declare module '../../core/i18n/index.ts' { interface TextParts { share: Translation<typeof zhCN> } }`
 *    `export const ensureShareTexts = (): Promise<void> =>`
 *    `  Promise.all([ensureTexts(SHARE_TEXTS), registerErrors(SHARE_ERRORS)]).then(() => {});`
 *  - each of its pages: `export { ensureShareTexts as ready } from '../texts/index.ts';` (shown once both are in).
 * docs/adding-a-domain.md says the same, with the imports.
 */
export interface TextParts {
  core: CoreDictionary;
}

/** The union of a list of tables made their intersection: every part's keys in one table. */
type AllOf<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;
/** One table of any registered part. */
type PartTable = TextParts[keyof TextParts];
/** Every registered part's texts in one table: what the language's table holds once they are all loaded. */
export type Dictionary = AllOf<PartTable>;

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];
/** Every dotted message key, e.g. `account.login.submit`. */
export type MessageKey = Paths<Dictionary>;

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** One part of the texts: a lazy table per language. */
export type TextPart = Record<Locale, () => Promise<{ default: PartTable }>>;

const i18n = rosetta<Dictionary>();

/**
 * Adds a part to the language's table. rosetta merges tables shallowly, and a domain may span two parts: they split
 * it by section (account.login in core, account.profile in app), never inside one, so merging domains suffices.
 */
function addPart(lang: Locale, part: PartTable): void {
  const table: Record<string, object> = { ...i18n.table(lang) };
  for (const [domain, sections] of Object.entries(part)) table[domain] = { ...table[domain], ...sections };
  i18n.set(lang, table as Dictionary);
}

/** The active locale; changes only once its dictionary is loaded, so a render never shows raw keys. */
export const locale = signal<Locale>(DEFAULT_LOCALE);

/** Each language's name in itself, as a language menu shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

let markReady: () => void;
/** Resolves once the first dictionary is in place; text computed before then would be raw keys. */
export const localeReady = new Promise<void>((resolve) => (markReady = resolve));

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The stored choice, else zh-CN (the spec's default, whatever the browser says). */
export function storedLocale(): Locale {
  const stored = read('language');
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** The languages each part is loaded in. */
const loadedParts = new Map<TextPart, Set<Locale>>();
/** The language being switched to (set before any await), so parts asked for meanwhile match it. */
let targetLocale: Locale | null = null;
/** The parts pages have asked for: a language switch fetches all of them. */
const wantedParts = new Set<TextPart>();

/**
 * The first screen's part (zh-CN.ts / en-US.ts), named by the boot (main.tsx), which imports the default language's
 * table first of all its modules, so that it sits at the top of the entry inside index.html, within gzip's reach of
 * the prerendered pages that show the same words (scripts/inline-entry.mjs), and loads the other language's on
 * demand. Named after a language was set, the part loads for that language at once.
 */
export function provideFirstScreenTexts(part: TextPart): Promise<void> {
  wantedParts.add(part);
  return targetLocale ? loadPart(targetLocale, part) : Promise.resolve();
}

async function loadPart(lang: Locale, part: TextPart): Promise<void> {
  if (loadedParts.get(part)?.has(lang)) return;
  const table = (await part[lang]()).default;
  addPart(lang, table);
  loadedParts.set(part, (loadedParts.get(part) ?? new Set()).add(lang));
}

/**
 * A part of the texts for the active language, kept up to date on language switches. Every part but the first
 * screen's (named by main.tsx) is declared, and registered in TextParts, by the module that needs it (e.g.
 * src/phone-view/texts/index.ts, src/app/app-texts.ts, core/errors.ts), so its loaders stay out of core.
 */
export async function ensureTexts(part: TextPart): Promise<void> {
  wantedParts.add(part);
  await loadPart(targetLocale ?? locale.value, part);
}

export async function setLocale(next: Locale): Promise<void> {
  const shown = targetLocale;
  targetLocale = next;
  try {
    await Promise.all([...wantedParts].map((part) => loadPart(next, part)));
  } catch (error) {
    // A part could not load (offline): the language on screen stays, and so do the parts asked for meanwhile.
    targetLocale = shown;
    throw error;
  }
  i18n.locale(next);
  write('language', next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  locale.value = next;
  markReady();
}

/** Translate a key; `{{name}}` placeholders take their values from params. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  // Reading the signal subscribes the calling component to language changes.
  void locale.value;
  const text = i18n.t(key, params) || key;
  // A text that agrees with its number is written "one|other" ('1 day|{{count}} days'), chosen by `count`.
  const forms = text.split('|');
  return forms.length === 2 && typeof params?.count === 'number' ? forms[params.count === 1 ? 0 : 1]! : text;
}

/** Test seam: install dictionary parts without a dynamic import. */
export function installDictionary(lang: Locale, ...parts: PartTable[]): void {
  for (const part of parts) addPart(lang, part);
  i18n.locale(lang);
  locale.value = lang;
  markReady();
}
