/**
 * The share pages' texts (`share.*`): a part of their own, which every share page waits for (its `ready`), with the
 * catalogue entries of the share replies (../errors.ts).
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { registerErrors } from '../../core/errors-later.ts';
import { SHARE_ERRORS } from '../errors.ts';
import type zhCN from './share-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    share: Translation<typeof zhCN>;
  }
}

const SHARE_TEXTS: TextPart = {
  'zh-CN': () => import('./share-zh-CN.ts'),
  'en-US': () => import('./share-en-US.ts'),
};

export const ensureShareTexts = (): Promise<void> =>
  Promise.all([ensureTexts(SHARE_TEXTS), registerErrors(SHARE_ERRORS)]).then(() => {});
