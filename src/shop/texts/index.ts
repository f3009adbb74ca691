/**
 * The shop pages' texts (`shop.*`): a part of their own, which every shop page waits for (its `ready`). The signed-in
 * app's part, which a returning user's home waits for, then does not carry them; the boot plan lists this part with
 * the shop pages, so opening one still asks for everything in one round.
 */
import { ensureTexts, type TextPart } from '../../core/i18n/index.ts';

const SHOP_TEXTS: TextPart = {
  'zh-CN': () => import('./shop-zh-CN.ts'),
  'en-US': () => import('./shop-en-US.ts'),
};

export const ensureShopTexts = (): Promise<void> => ensureTexts(SHOP_TEXTS);
