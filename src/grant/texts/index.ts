/**
 * The grant pages' texts (`grant.*`): a part of their own, which every grant page waits for (its `ready`), with the
 * catalogue entries of the grant replies (../errors.ts), whose texts are here too (`grant.errors.*`).
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { registerErrors } from '../../core/errors-later.ts';
import { GRANT_ERRORS } from '../errors.ts';
import type zhCN from './grant-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    grant: Translation<typeof zhCN>;
  }
}

const GRANT_TEXTS: TextPart = {
  'zh-CN': () => import('./grant-zh-CN.ts'),
  'en-US': () => import('./grant-en-US.ts'),
};

export const ensureGrantTexts = (): Promise<void> =>
  Promise.all([ensureTexts(GRANT_TEXTS), registerErrors(GRANT_ERRORS)]).then(() => {});
