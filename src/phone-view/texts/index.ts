/**
 * The phone-view pages' texts (`phoneView.*`): a part of their own, declared here so its loaders stay out of the
 * first screen.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import type zhCN from './stream-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    stream: Translation<typeof zhCN>;
  }
}

const STREAM_TEXTS: TextPart = {
  'zh-CN': () => import('./stream-zh-CN.ts'),
  'en-US': () => import('./stream-en-US.ts'),
};

export const ensureStreamTexts = (): Promise<void> => ensureTexts(STREAM_TEXTS);
