/** The install page's texts (`install.*`): a part of their own, which the page waits for (its `ready`). */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import type zhCN from './install-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    install: Translation<typeof zhCN>;
  }
}

const INSTALL_TEXTS: TextPart = {
  'zh-CN': () => import('./install-zh-CN.ts'),
  'en-US': () => import('./install-en-US.ts'),
};

export const ensureInstallTexts = (): Promise<void> => ensureTexts(INSTALL_TEXTS);
