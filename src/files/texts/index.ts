/**
 * The files pages' texts (`files.*`): a part of their own, which the upload page waits for (its `ready`), with the
 * catalogue entries of the file replies (../errors.ts), core's catalogue and the apps' part, from which each file's
 * and phone's failure is described as the list renders.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import { registerErrors } from '../../core/errors-later.ts';
import { FILE_ERRORS } from '../errors.ts';
import { ensureAppsTexts } from '../../apps/texts/index.ts';
import type zhCN from './files-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    files: Translation<typeof zhCN>;
  }
}

const FILES_TEXTS: TextPart = {
  'zh-CN': () => import('./files-zh-CN.ts'),
  'en-US': () => import('./files-en-US.ts'),
};

// A phone's refusal of a package it has already is the apps' reply ("Application already exists"), worded by their
// part: the upload page shows it per phone.
export const ensureFilesTexts = (): Promise<void> =>
  Promise.all([ensureTexts(FILES_TEXTS), registerErrors(FILE_ERRORS), catalogueReady(), ensureAppsTexts()]).then(() => {});
