/**
 * The new-machine texts (`newMachine.*`): a part of their own, which its pages and the one-tap entry wait for, with
 * the catalogue entries of its replies (../errors.ts) and core's catalogue, which per-phone results are described from.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import { registerErrors } from '../../core/errors-later.ts';
import { NEW_MACHINE_ERRORS } from '../errors.ts';
import type zhCN from './new-machine-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    newMachine: Translation<typeof zhCN>;
  }
}

const NEW_MACHINE_TEXTS: TextPart = {
  'zh-CN': () => import('./new-machine-zh-CN.ts'),
  'en-US': () => import('./new-machine-en-US.ts'),
};

export const ensureNewMachineTexts = (): Promise<void> =>
  Promise.all([ensureTexts(NEW_MACHINE_TEXTS), registerErrors(NEW_MACHINE_ERRORS), catalogueReady()]).then(() => {});
