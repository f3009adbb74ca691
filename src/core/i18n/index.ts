/**
 * i18n over rosetta, driven by a locale signal: t() reads the signal, so any component that
 * renders a translated text re-renders when the language changes. Each language comes in two lazy
 * chunks: the core texts (public pages, shell, errors) that boot loads, and the signed-in app's texts
 * that the first private page loads (src/app/routes.ts). Only the active language is fetched
 * (spec §1: zh-CN by default, choice stored under `language`).
 */
import rosetta from 'rosetta';
import { signal } from '@preact/signals-react';
import type zhCN from './zh-CN.ts';
import type zhCNApp from './zh-CN-app.ts';
import type zhCNStream from './stream-zh-CN.ts';
import { read, write } from '../storage.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type CoreDictionary = Widen<typeof zhCN>;
export type AppDictionary = Widen<typeof zhCNApp>;
export type StreamDictionary = Widen<typeof zhCNStream>;
export type Dictionary = CoreDictionary & AppDictionary & StreamDictionary;

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];
/** Every dotted message key, e.g. `login.submit`. */
export type MessageKey = Paths<Dictionary>;

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

type PartTable = CoreDictionary | AppDictionary | StreamDictionary;
/** One part of the texts: a lazy table per language. */
export type TextPart = Record<Locale, () => Promise<{ default: PartTable }>>;
const CORE: TextPart = { 'zh-CN': () => import('./zh-CN.ts'), 'en-US': () => import('./en-US.ts') };
const APP: TextPart = { 'zh-CN': () => import('./zh-CN-app.ts'), 'en-US': () => import('./en-US-app.ts') };

const i18n = rosetta<Dictionary>();

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
const wantedParts = new Set<TextPart>([CORE]);

async function loadPart(lang: Locale, part: TextPart): Promise<void> {
  if (loadedParts.get(part)?.has(lang)) return;
  const table = (await part[lang]()).default;
  // rosetta merges tables per language, so the parts add up to one dictionary.
  i18n.set(lang, table as Dictionary);
  loadedParts.set(part, (loadedParts.get(part) ?? new Set()).add(lang));
}

/** The signed-in app's texts for the active language (awaited by every private page's loader). */
export function ensureAppTexts(): Promise<void> {
  return ensureTexts(APP);
}

/**
 * A part of the texts for the active language, kept up to date on language switches. Parts other than core and
 * app are declared by the lazy modules that need them (e.g. src/phone-view/texts.ts), so their loaders stay out of
 * the first screen.
 */
export async function ensureTexts(part: TextPart): Promise<void> {
  wantedParts.add(part);
  await loadPart(targetLocale ?? locale.value, part);
}

export async function setLocale(next: Locale): Promise<void> {
  targetLocale = next;
  await Promise.all([...wantedParts].map((part) => loadPart(next, part)));
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
  return i18n.t(key, params) || key;
}

/** Test seam: install dictionary parts without a dynamic import. */
export function installDictionary(lang: Locale, ...parts: Array<CoreDictionary | AppDictionary | StreamDictionary>): void {
  for (const part of parts) i18n.set(lang, part as Dictionary);
  i18n.locale(lang);
  locale.value = lang;
  markReady();
}
