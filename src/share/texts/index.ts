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

/**
 * The words alone. The viewer's page shows with these: the catalogue, which registering the entries imports, would be
 * one more request in a round on the way to the first picture, so that page registers them behind it and waits for
 * them only to word a refusal.
 */
export const ensureShareWords = (): Promise<void> => ensureTexts(SHARE_TEXTS);
export const registerShareErrors = (): Promise<void> => registerErrors(SHARE_ERRORS);

export const ensureShareTexts = (): Promise<void> => Promise.all([ensureShareWords(), registerShareErrors()]).then(() => {});
