/** The content pages' texts (`content.*`): a part of their own, which each content page waits for (its `ready`). */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import type zhCN from './content-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    content: Translation<typeof zhCN>;
  }
}

const CONTENT_TEXTS: TextPart = {
  'zh-CN': () => import('./content-zh-CN.ts'),
  'en-US': () => import('./content-en-US.ts'),
};

export const ensureContentTexts = (): Promise<void> => Promise.all([ensureTexts(CONTENT_TEXTS), catalogueReady()]).then(() => {});
