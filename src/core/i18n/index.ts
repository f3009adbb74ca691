/**
 * i18n over rosetta, driven by a locale signal: t() reads the signal, so any component that
 * renders a translated text re-renders when the language changes. Both dictionaries are lazy
 * chunks; boot loads only the active one (spec §1: zh-CN by default, choice stored under `language`).
 */
import rosetta from 'rosetta';
import { signal } from '@preact/signals-react';
import type zhCN from './zh-CN.ts';
import { read, write } from '../storage.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Dictionary = Widen<typeof zhCN>;

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];
/** Every dotted message key, e.g. `login.submit`. */
export type MessageKey = Paths<Dictionary>;

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

const loaders: Record<Locale, () => Promise<{ default: Dictionary }>> = {
  'zh-CN': () => import('./zh-CN.ts'),
  'en-US': () => import('./en-US.ts'),
};

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

export async function setLocale(next: Locale): Promise<void> {
  if (!i18n.table(next)) i18n.set(next, (await loaders[next]()).default);
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

/** Test seam: install a dictionary without a dynamic import. */
export function installDictionary(lang: Locale, dict: Dictionary): void {
  i18n.set(lang, dict);
  i18n.locale(lang);
  locale.value = lang;
  markReady();
}
