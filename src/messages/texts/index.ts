/**
 * The message centre's texts (`messages.*`): a part of their own, which its pages wait for, with the catalogue entry
 * of its reply (../errors.ts).
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import { registerErrors } from '../../core/errors-later.ts';
import { MESSAGE_ERRORS } from '../errors.ts';
import type zhCN from './messages-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    messages: Translation<typeof zhCN>;
  }
}

const MESSAGES_TEXTS: TextPart = {
  'zh-CN': () => import('./messages-zh-CN.ts'),
  'en-US': () => import('./messages-en-US.ts'),
};

export const ensureMessagesTexts = (): Promise<void> =>
  Promise.all([ensureTexts(MESSAGES_TEXTS), registerErrors(MESSAGE_ERRORS), catalogueReady()]).then(() => {});
