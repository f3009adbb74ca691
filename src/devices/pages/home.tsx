/** home (home layout, `/:clientNo`): the user's cloud phones, with group management and batch operations at hand. */
import { useEffect } from 'react';
import { effect } from '@preact/signals-react';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { whenIdle } from '../../core/idle.ts';
import { currentRouteName, goToPage } from '../../app/navigate.ts';
import { user } from '../../account/session.ts';
import { permissionKeys } from '../../app/client-state.ts';
import { entryAllowed } from '../../app/entry-rules.ts';
import type { RouteSegment } from '../../app/route-types.ts';
import { DeviceList } from '../parts/device-list.tsx';
import { firstPhonesShown, loadPhonesOnce } from '../state.ts';
import { FIRST_PHONE_PAGE } from '../first-page.ts';
import { needsNetwork } from '../offline-list.ts';

/** How long home waits for the first screenful the inline boot asked for before it shows its loading state instead. */
const FIRST_CARDS_WAIT_MS = 1000;

/**
 * Shown with its first cards when they are on their way: for a returning visitor opening home, the inline boot asked
 * for the first screenful along with the page's files (app/inline-boot.ts), so the list's load starts now, with the
 * page's module, and the page waits for it (a second at most). Its first render then has the cards, instead of an
 * empty list rendered, laid out and painted first and the load started only after that (on a slow phone, a whole
 * render and layout sooner). Otherwise the page shows at once and loads its list itself.
 */
export function ready(): Promise<void> {
  if (!window.__bootReplies || !(FIRST_PHONE_PAGE in window.__bootReplies)) return Promise.resolve();
  void loadPhonesOnce();
  return Promise.race([firstPhonesShown(), new Promise<void>((resolve) => setTimeout(resolve, FIRST_CARDS_WAIT_MS))]);
}

/**
 * Shortcuts of pages that exist (the segment type is the route table's, so none leads to a 404), shown when their
 * client functions allow (spec §6).
 */
const SHORTCUTS: ReadonlyArray<{ segment: RouteSegment; label: MessageKey }> = [
  { segment: 'add-phone', label: 'devices.buyNow' },
  { segment: 'manage-group', label: 'devices.groups.manageTitle' },
  { segment: 'batch-operation', label: 'devices.groups.batchTitle' },
];

/**
 * The first-run guide (guide/pages/home-guide.tsx), once per account: when user/get, which the boot asks for anyway,
 * says it is not seen, it opens in home's place once home is on screen and the page idle. Its code loads then.
 */
function useFirstRunGuide() {
  useEffect(() => effect(() => {
    if (user.value?.guideSeen !== false) return;
    whenIdle(() => {
      // Still unseen, and still on home: the user may have moved on meanwhile.
      if (user.peek()?.guideSeen === false && currentRouteName.peek() === 'home') goToPage('home-guide', { replace: true });
    });
  }), []);
}

export default function HomePage() {
  useFirstRunGuide();
  return (
    <div class="device-page">
      <header class="device-page__header">
        <h1 class="device-page__title">{t('devices.title')}</h1>
        <div class="device-page__shortcuts">
          {SHORTCUTS.filter((shortcut) => entryAllowed(shortcut.segment, permissionKeys.value)).map((shortcut) => (
            <button key={shortcut.segment} type="button" class="btn btn--ghost" data-testid={`shortcut-${shortcut.segment}`}
              onClick={() => needsNetwork() || goToPage(shortcut.segment)}>
              {t(shortcut.label)}
            </button>
          ))}
        </div>
      </header>
      <DeviceList tab="home" />
    </div>
  );
}
