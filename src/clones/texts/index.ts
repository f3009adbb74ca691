/**
 * The clone pages' texts (`clones.*`): a part of their own, which the template and clone pages wait for (their
 * `ready`), with the catalogue entries of the clone replies (../errors.ts) and core's catalogue, from which a failed
 * template's cause and a refused phone are described.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import { registerErrors } from '../../core/errors-later.ts';
import { CLONE_ERRORS } from '../errors.ts';
import type zhCN from './clones-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    clones: Translation<typeof zhCN>;
  }
}

const CLONES_TEXTS: TextPart = {
  'zh-CN': () => import('./clones-zh-CN.ts'),
  'en-US': () => import('./clones-en-US.ts'),
};

export const ensureClonesTexts = (): Promise<void> =>
  Promise.all([ensureTexts(CLONES_TEXTS), registerErrors(CLONE_ERRORS), catalogueReady()]).then(() => {});
