/**
 * The shop pages' texts (`shop.*`): a part of their own, which every shop page waits for (its `ready`). The signed-in
 * app's part, which a returning user's home waits for, then does not carry them; the boot plan lists this part with
 * the shop pages, so opening one still asks for everything in one round. The part carries the texts of the shop's
 * replies too (`shop.errors.*`), whose catalogue entries (../errors.ts) are registered with it.
 */
import { ensureTexts, type TextPart, type Translation } from '../../core/i18n/index.ts';
import { registerErrors } from '../../core/errors-later.ts';
import { SHOP_ERRORS } from '../errors.ts';
import type zhCN from './shop-zh-CN.ts';

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    shop: Translation<typeof zhCN>;
  }
}

const SHOP_TEXTS: TextPart = {
  'zh-CN': () => import('./shop-zh-CN.ts'),
  'en-US': () => import('./shop-en-US.ts'),
};

export const ensureShopTexts = (): Promise<void> =>
  Promise.all([ensureTexts(SHOP_TEXTS), registerErrors(SHOP_ERRORS)]).then(() => {});
