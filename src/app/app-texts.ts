/**
 * The signed-in app's part of the texts: the account's signed-in pages (and the guest trial's and logout's words),
 * devices and groups, the tab bar. Every private page's loader awaits it (routes.ts), so the login screen does not
 * carry it. Its tables stay core/i18n/zh-CN-app.ts and en-US-app.ts, which decide what travels in it and which the
 * boot plan names (scripts/boot-plan.mjs); this module declares the part and registers it in core's TextParts.
 */
import { ensureTexts, type TextPart, type Translation } from '../core/i18n/index.ts';
import type zhCNApp from '../core/i18n/zh-CN-app.ts';

declare module '../core/i18n/index.ts' {
  interface TextParts {
    app: Translation<typeof zhCNApp>;
  }
}

const APP_TEXTS: TextPart = {
  'zh-CN': () => import('../core/i18n/zh-CN-app.ts'),
  'en-US': () => import('../core/i18n/en-US-app.ts'),
};

/** The signed-in app's texts for the active language (awaited by every private page's loader). */
export function ensureAppTexts(): Promise<void> {
  return ensureTexts(APP_TEXTS);
}
