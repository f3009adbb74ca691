/**
 * The assistant's texts (`assistant.*`): a part of their own, which its page waits for (its `ready`), with the error
 * catalogue its refusals and the voice input's failures are worded from.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import type zhCN from './assistant-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    assistant: Translation<typeof zhCN>;
  }
}

const ASSISTANT_TEXTS: TextPart = {
  'zh-CN': () => import('./assistant-zh-CN.ts'),
  'en-US': () => import('./assistant-en-US.ts'),
};

export const ensureAssistantTexts = (): Promise<void> => Promise.all([ensureTexts(ASSISTANT_TEXTS), catalogueReady()]).then(() => {});
