/**
 * How this browser can install the app (spec §2 install-pwa), from what it says of itself: already installed (the
 * page runs standalone), inside a partner's or a social app's webview (no installing there: open the page in the
 * browser), iOS Safari (Share, then Add to Home Screen: Safari has no prompt), a browser that offered its install
 * prompt, or any other (its own menu). Pure, for the unit tests; the page passes the browser's values.
 */
export type InstallWay = 'installed' | 'webview' | 'ios' | 'prompt' | 'menu';

export interface BrowserFacts {
  userAgent: string;
  /** `(display-mode: standalone)` matches, or iOS's navigator.standalone. */
  standalone: boolean;
  /** The browser fired beforeinstallprompt and it is still unused. */
  hasPrompt: boolean;
  /** navigator.maxTouchPoints: iPadOS's Safari says it is a Mac, and only its touch screen tells it apart. */
  touchPoints?: number;
}

/** In-app browsers that cannot install a web app: WeChat, QQ, Alipay, Weibo, DingTalk, Facebook, Instagram, LINE. */
const IN_APP = /MicroMessenger|\bQQ\/|AlipayClient|Weibo|DingTalk|FBAN|FBAV|Instagram|\bLine\//i;
/** Android's WebView marks itself `; wv)`; iOS's lacks the "Safari/" token that Safari and the real browsers carry. */
const ANDROID_WEBVIEW = /; wv\)/;
const IOS = /iPhone|iPad|iPod/;
/** Browsers on iOS other than Safari (they cannot add to the home screen before iOS 16.4, and say so differently). */
const IOS_OTHER = /CriOS|FxiOS|EdgiOS|OPiOS/;

export function installWay({ userAgent, standalone, hasPrompt, touchPoints = 0 }: BrowserFacts): InstallWay {
  if (standalone) return 'installed';
  const ios = IOS.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  if (IN_APP.test(userAgent) || ANDROID_WEBVIEW.test(userAgent) || (ios && !/Safari\//.test(userAgent))) return 'webview';
  if (ios && !IOS_OTHER.test(userAgent)) return 'ios';
  return hasPrompt ? 'prompt' : 'menu';
}
