/**
 * The app manager's texts (`apps.*`): a part of their own, which its page waits for (its `ready`), with the catalogue
 * entries of the apps' replies (../errors.ts) and core's catalogue, which the per-phone results are described from.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import { registerErrors } from '../../core/errors-later.ts';
import { APPS_ERRORS } from '../errors.ts';
import type zhCN from './apps-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    apps: Translation<typeof zhCN>;
  }
}

const APPS_TEXTS: TextPart = {
  'zh-CN': () => import('./apps-zh-CN.ts'),
  'en-US': () => import('./apps-en-US.ts'),
};

export const ensureAppsTexts = (): Promise<void> =>
  Promise.all([ensureTexts(APPS_TEXTS), registerErrors(APPS_ERRORS), catalogueReady()]).then(() => {});
