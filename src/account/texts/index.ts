/**
 * The password pages' texts (`account.forgetPassword.*`): a part of their own, which the recovery page and the
 * password change wait for (their `ready`). The first screen's part, inline in index.html, then does not carry them;
 * the boot plan lists this part with those pages, so opening one still asks for everything in one round.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import type zhCN from './password-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    password: Translation<typeof zhCN>;
  }
}

const PASSWORD_TEXTS: TextPart = {
  'zh-CN': () => import('./password-zh-CN.ts'),
  'en-US': () => import('./password-en-US.ts'),
};

export const ensurePasswordTexts = (): Promise<void> => ensureTexts(PASSWORD_TEXTS);
