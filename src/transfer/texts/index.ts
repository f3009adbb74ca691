/**
 * The transfer pages' texts (`transfer.*`): a part of their own, which both transfer pages wait for (their `ready`),
 * with the catalogue entries of the transfers' replies (../errors.ts) and core's catalogue, which the pages' per-phone
 * refusals are described from as they render.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import { registerErrors } from '../../core/errors-later.ts';
import { TRANSFER_ERRORS } from '../errors.ts';
import type zhCN from './transfer-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    transfer: Translation<typeof zhCN>;
  }
}

const TRANSFER_TEXTS: TextPart = {
  'zh-CN': () => import('./transfer-zh-CN.ts'),
  'en-US': () => import('./transfer-en-US.ts'),
};

export const ensureTransferTexts = (): Promise<void> =>
  Promise.all([ensureTexts(TRANSFER_TEXTS), registerErrors(TRANSFER_ERRORS), catalogueReady()]).then(() => {});
