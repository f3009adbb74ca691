/**
 * phone-view fetched ahead, for a list of phones that has gone idle (devices/parts/device-list.tsx): a tap on a card
 * then asks for the security token and opens the socket at once, where on a 400 ms link it first waited for the
 * page's files and texts, then for the stream SDK. A few lines of the device list's chunk; none of the first screen.
 */
import { pageAhead } from '../app/navigate.ts';

let asked = false;

/**
 * Loads, once per page life, the page as a tap would (navigate.ts `pageAhead`): its chunk, styles and layouts, and
 * through its `ready` the stream texts of the current language; the page's module asks for the SDK chunk as soon as
 * it runs (pages/phone-view.tsx). Each loader on the way forgets a failure (app/pages.ts, app/routes.ts, the texts'
 * loader, the browser's module map), so a tap after a failed prefetch loads them as if there had been none.
 */
export function prefetchPhoneView(): void {
  // Save-Data: the user asked for fewer bytes, and these are for a tap that may never come; the tap loads them then.
  // Offline, every request would fail: not counted as done, so a list shown later, back online, asks again.
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  if (asked || saveData || !navigator.onLine) return;
  asked = true;
  pageAhead.load('phone-view').catch(() => {});
}
