/**
 * The download page's texts (`misc.download.*`): a part of their own, which the page waits for (its `ready`), so the
 * first screen's part, inline in index.html, does not carry them. The boot plan lists the part with the page.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import type zhCN from './download-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    download: Translation<typeof zhCN>;
  }
}

const DOWNLOAD_TEXTS: TextPart = {
  'zh-CN': () => import('./download-zh-CN.ts'),
  'en-US': () => import('./download-en-US.ts'),
};

export const ensureDownloadTexts = (): Promise<void> => ensureTexts(DOWNLOAD_TEXTS);
