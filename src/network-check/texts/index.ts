/**
 * The network-check texts (`networkCheck.*`): a part of their own, which the page waits for (its `ready`), with
 * core's catalogue, which a line's failure is told in.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { catalogueReady } from '../../core/errors.ts';
import type zhCN from './network-check-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    networkCheck: Translation<typeof zhCN>;
  }
}

const NETWORK_CHECK_TEXTS: TextPart = {
  'zh-CN': () => import('./network-check-zh-CN.ts'),
  'en-US': () => import('./network-check-en-US.ts'),
};

export const ensureNetworkCheckTexts = (): Promise<void> => Promise.all([ensureTexts(NETWORK_CHECK_TEXTS), catalogueReady()]).then(() => {});
