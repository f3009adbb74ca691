/**
 * The shell's texts that no first screen shows (`app.share.*`, `app.update.*`, `app.oldDomain.*`): a part of their
 * own, asked for once the first page is idle by the share meta (share-meta.ts) and the service worker's registration,
 * and by the old-domain notice, so the first screen does not carry them.
 */
import { ensureTexts, type TextPart, type Translation } from '../../../core/i18n/index.ts';
import type zhCN from './idle-zh-CN.ts';

declare module '../../../core/i18n/index.ts' {
  interface TextParts {
    idle: Translation<typeof zhCN>;
  }
}

const IDLE_TEXTS: TextPart = {
  'zh-CN': () => import('./idle-zh-CN.ts'),
  'en-US': () => import('./idle-en-US.ts'),
};

/** Never rejects: offline and not cached (the worker precaches them), the notice shows its keys rather than nothing. */
export const ensureIdleTexts = (): Promise<void> => ensureTexts(IDLE_TEXTS).catch(() => {});
