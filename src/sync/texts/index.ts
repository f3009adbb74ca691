/**
 * Group control's texts (`sync.*`): a part of its own, which its page waits for (its `ready`), with the catalogue
 * entries of its replies (../errors.ts) and core's catalogue, which the per-phone refusals are described from.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import { registerErrors } from '../../core/errors-later.ts';
import { SYNC_ERRORS } from '../errors.ts';
import type zhCN from './sync-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    sync: Translation<typeof zhCN>;
  }
}

const SYNC_TEXTS: TextPart = {
  'zh-CN': () => import('./sync-zh-CN.ts'),
  'en-US': () => import('./sync-en-US.ts'),
};

export const ensureSyncTexts = (): Promise<void> =>
  Promise.all([ensureTexts(SYNC_TEXTS), registerErrors(SYNC_ERRORS), catalogueReady()]).then(() => {});
