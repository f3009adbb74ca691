/** The invite poster's texts (`invite.*`): a part of their own, which the page waits for (its `ready`). */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import type zhCN from './invite-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    invite: Translation<typeof zhCN>;
  }
}

const INVITE_TEXTS: TextPart = {
  'zh-CN': () => import('./invite-zh-CN.ts'),
  'en-US': () => import('./invite-en-US.ts'),
};

export const ensureInviteTexts = (): Promise<void> => ensureTexts(INVITE_TEXTS);
