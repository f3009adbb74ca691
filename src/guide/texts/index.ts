/** The first-run guide's texts (`guide.*`): a part of their own, which the guide page waits for (its `ready`). */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import type zhCN from './guide-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    guide: Translation<typeof zhCN>;
  }
}

const GUIDE_TEXTS: TextPart = {
  'zh-CN': () => import('./guide-zh-CN.ts'),
  'en-US': () => import('./guide-en-US.ts'),
};

export const ensureGuideTexts = (): Promise<void> => Promise.all([ensureTexts(GUIDE_TEXTS), catalogueReady()]).then(() => {});
