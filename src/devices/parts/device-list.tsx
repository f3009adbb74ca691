/**
 * The device list of the home and discover tabs: toolbar, the chosen view (single, 4/9/16-grid, list),
 * the action sheet, the validity rule on open, and the once-a-day expiry reminder.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { errorText } from '../../core/errors-later.ts';
import { whenIdle } from '../../core/idle.ts';
import { notify } from '../../core/ui/notify.ts';
import { goToPage } from '../../app/navigate.ts';
import { entryAllowed } from '../../app/entry-rules.ts';
import { permissionKeys } from '../../app/client-state.ts';
import { firstPagePainted } from '../../app/first-paint.ts';
import { prefetchPhoneView } from '../../phone-view/prefetch.ts';
import type { Phone } from '../api.ts';
import {
  canOpen,
  gradeFilter,
  groupFilter,
  keyword,
  loadListDetails,
  loadPhonesOnce,
  sort,
  phones,
  phonesError,
  phonesLoading,
  phonesTotal,
  refreshDevices,
  viewModes,
  type DeviceTab,
  type ViewMode,
} from '../state.ts';
import { pollBusyPhones, stopPolling } from '../polling.ts';
import { remindExpiry } from '../expiry-reminder.ts';
import { keptShownAt, needsNetwork } from '../offline-list.ts';
import { OfflineMark } from '../offline-mark.tsx';
import { DeviceToolbar } from './device-toolbar.tsx';
import { PhoneCard } from './phone-card.tsx';
import { SingleView } from './single-view.tsx';
import { refreshThumbnails, REFRESH_MS } from './thumbnails.ts';
import { VirtualGrid } from '../../core/ui/virtual-grid/virtual-grid.tsx';
import './devices.css';

/**
 * The per-device sheet and its panels (about 3 KB with the sheet's focus handling) load when they are first asked
 * for, and are fetched ahead once the list is idle: the list, a returning user's first screen, shows without them.
 * A failed load is asked again on the next open (a cached failure would leave the sheet unable to open).
 */
let sheetModule: Promise<typeof import('./action-sheet.tsx')> | null = null;
function loadActionSheet() {
  sheetModule ??= import('./action-sheet.tsx').catch((error: unknown) => {
    sheetModule = null;
    throw error;
  });
  return sheetModule;
}
type ActionSheetComponent = Awaited<ReturnType<typeof loadActionSheet>>['ActionSheet'];

/**
 * The live grid (running phones' screens, live, in the 4/9/16-grids) is a lazy chunk asked for once the list is idle,
 * the first time a grid shows its cards: the first screen carries none of it. A failed load leaves the stills and
 * is tried again on the next call.
 */
let liveGridModule: Promise<typeof import('../live-grid/index.ts')> | null = null;
function withLiveGrid(use: (module: typeof import('../live-grid/index.ts')) => void): void {
  liveGridModule ??= new Promise<void>((resolve) => whenIdle(resolve))
    .then(() => import('../live-grid/index.ts'))
    .catch((error: unknown) => {
      liveGridModule = null;
      throw error;
    });
  liveGridModule.then(use, () => {});
}
/** Only a grid that was started is stopped: a list or single view never loads the chunk. */
function stopLiveGrid(): void {
  void liveGridModule?.then((module) => module.stopLiveGrid(), () => {});
}

const COLUMNS: Record<Exclude<ViewMode, 'single'>, number> = { grid4: 2, grid9: 3, grid16: 4, list: 1 };
const LIST_ROW_PX = 76;
const GAP_PX = 10;

export function DeviceList({ tab }: { tab: DeviceTab }) {
  const [sheet, setSheet] = useState<{ phone: Phone; Component: ActionSheetComponent } | null>(null);
  const mode = viewModes.value[tab];
  const list = phones.value;

  useEffect(() => {
    let mounted = true;
    // The list at once (a load under way, home's from boot, is joined); groups, levels and the expiry threshold once
    // the app's first page is painted (at once when this list mounts later): an effect can run before that paint
    // when the first render took long on a slow phone, and their calls would then hold the first cards back.
    const listLoad = loadPhonesOnce();
    void firstPagePainted.then(() => {
      if (!mounted) return;
      void Promise.allSettled([listLoad, loadListDetails()]).then(() => {
        if (!mounted) return;
        pollBusyPhones();
        void remindExpiry(phones.value);
        whenIdle(() => {
          void loadActionSheet().catch(() => {});
          // A tap on a card should only wait for its token and socket; a list without a phone that could be opened
          // is not worth the bytes (a later visit to the list, with one, asks then).
          if (mounted && phones.value.some((phone) => canOpen(phone))) prefetchPhoneView();
        });
      });
    });
    return () => {
      mounted = false;
      stopPolling();
    };
  }, []);

  // Spec §5: opening a phone needs 10 minutes of validity (phone-view checks again for addresses typed in).
  const open = useCallback((phone: Phone) => {
    if (needsNetwork()) return;
    if (!canOpen(phone)) return void errorText('errors.validityUnder10Minutes').then(notify);
    goToPage('phone-view', { query: `?id=${phone.userPhoneId}` });
  }, []);
  const actions = useCallback((phone: Phone) => {
    if (needsNetwork()) return;
    loadActionSheet().then(
      (module) => setSheet({ phone, Component: module.ActionSheet }),
      () => notify(t('app.shell.chunkFailed')),
    );
  }, []);
  const visibleIds = useRef<number[]>([]);
  const onVisible = useCallback((items: readonly Phone[]) => {
    visibleIds.current = items.map((phone) => phone.userPhoneId);
    // The kept list offline: no picture can come (the server's list, once back, shows these again).
    if (keptShownAt.peek() !== null) return;
    void refreshThumbnails(visibleIds.current);
    withLiveGrid((module) => module.showLiveGrid(items));
  }, []);
  // onVisible comes from grids only: the list and single views, and leaving the page, end the live grid.
  const isGrid = mode === 'grid4' || mode === 'grid9' || mode === 'grid16';
  useEffect(() => {
    if (!isGrid) stopLiveGrid();
  }, [isGrid]);
  useEffect(() => stopLiveGrid, []);
  // Spec: thumbnails are refreshed while visible, also when nothing scrolls.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refreshThumbnails(visibleIds.current);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  // The sheet follows the list: a rename or a status change shows in it at once.
  const sheetPhone = sheet ? (list.find((phone) => phone.userPhoneId === sheet.phone.userPhoneId) ?? sheet.phone) : null;

  let body;
  if (phonesError.value && !list.length) {
    body = (
      <div class="page-failed" role="alert">
        <p>{describeError(phonesError.value)}</p>
        <button type="button" class="btn btn--primary" onClick={() => void refreshDevices()}>{t('common.retry')}</button>
      </div>
    );
  } else if (!list.length) {
    // No phone at all (not a search or filter that found none): the way to a first one, where buying is allowed.
    const buy = !phonesLoading.value && !keyword.value.trim() && entryAllowed('add-phone', permissionKeys.value);
    body = (
      <div class="centered-text">
        <p class="muted" data-testid="device-empty">{phonesLoading.value ? t('common.loading') : t('devices.empty')}</p>
        {buy ? <button type="button" class="btn btn--primary" data-testid="empty-buy" onClick={() => needsNetwork() || goToPage('add-phone')}>{t('devices.buyNow')}</button> : null}
      </div>
    );
  } else if (mode === 'single') {
    body = <SingleView items={list} onOpen={open} onActions={actions} />;
  } else {
    const layout = mode === 'list' ? 'list' : 'grid';
    body = (
      <VirtualGrid
        outlined
        items={list}
        columns={COLUMNS[mode]}
        gap={GAP_PX}
        rowHeight={(width) => (mode === 'list' ? LIST_ROW_PX : Math.round((width * 16) / 9) + (mode === 'grid16' ? 40 : 48))}
        itemKey={(phone) => phone.userPhoneId}
        renderItem={(phone) => <PhoneCard phone={phone} layout={layout} narrow={mode === 'grid9' || mode === 'grid16'} onOpen={open} onActions={actions} />}
        onVisible={layout === 'grid' ? onVisible : undefined}
        testId={`device-view-${mode}`}
        resetKey={`${mode}|${sort.value}|${gradeFilter.value}|${groupFilter.value}|${keyword.value}`}
      />
    );
  }

  return (
    <div class={`device-list device-list--${mode}`}>
      <DeviceToolbar tab={tab} />
      {keptShownAt.value !== null ? <OfflineMark savedAt={keptShownAt.value} shown={list.length} total={phonesTotal.value} /> : null}
      {body}
      {sheet && sheetPhone ? <sheet.Component phone={sheetPhone} onClose={() => setSheet(null)} /> : null}
    </div>
  );
}
