/**
 * The change-phone page's texts (`replace.*`): a part of their own, which the page waits for (its `ready`), with the
 * catalogue entries of the replacement's replies (../errors.ts) and core's catalogue, which the per-phone refusals and
 * failures are described from as they render.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import { registerErrors } from '../../core/errors-later.ts';
import { REPLACE_ERRORS } from '../errors.ts';
import type zhCN from './replace-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    replace: Translation<typeof zhCN>;
  }
}

const REPLACE_TEXTS: TextPart = {
  'zh-CN': () => import('./replace-zh-CN.ts'),
  'en-US': () => import('./replace-en-US.ts'),
};

export const ensureReplaceTexts = (): Promise<void> =>
  Promise.all([ensureTexts(REPLACE_TEXTS), registerErrors(REPLACE_ERRORS), catalogueReady()]).then(() => {});
