/**
 * The phone-check page's texts (`phoneCheck.*`): a part of their own, which the page waits for (its `ready`), with
 * core's catalogue, which each problem's words come from.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import type zhCN from './phone-check-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    phoneCheck: Translation<typeof zhCN>;
  }
}

const PHONE_CHECK_TEXTS: TextPart = {
  'zh-CN': () => import('./phone-check-zh-CN.ts'),
  'en-US': () => import('./phone-check-en-US.ts'),
};

export const ensurePhoneCheckTexts = (): Promise<void> => Promise.all([ensureTexts(PHONE_CHECK_TEXTS), catalogueReady()]).then(() => {});
