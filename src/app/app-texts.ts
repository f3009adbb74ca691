/**
 * The signed-in app's part of the texts: the account's signed-in pages (and the guest trial's and logout's words),
 * devices and groups, the tab bar. Every private page's loader awaits it (routes.ts), so the login screen does not
 * carry it. Its tables are text-parts/signed-in-zh-CN.ts and signed-in-en-US.ts, which decide what travels in it and which the
 * boot plan names (scripts/boot-plan.mjs); this module declares the part and registers it in core's TextParts.
 */
import { ensureTexts, type TextPart, type Translation } from '../core/i18n/index.ts';
import type zhCNApp from './text-parts/signed-in-zh-CN.ts';

declare module '../core/i18n/index.ts' {
  interface TextParts {
    app: Translation<typeof zhCNApp>;
  }
}

const APP_TEXTS: TextPart = {
  'zh-CN': () => import('./text-parts/signed-in-zh-CN.ts'),
  'en-US': () => import('./text-parts/signed-in-en-US.ts'),
};

/** The signed-in app's texts for the active language (awaited by every private page's loader). */
export function ensureAppTexts(): Promise<void> {
  return ensureTexts(APP_TEXTS);
}
