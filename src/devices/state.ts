/**
 * The user's cloud phones (spec §1 device list, §3 fields, §4 states): the loaded list for the current
 * filters, groups and grades, the view mode of each tab, and the rules that derive what a card shows.
 */
import { batch, computed, signal } from '@preact/signals-react';
import { getConfigKeys } from '../app/client-api.ts';
import { onSessionCleared } from '../core/session-events.ts';
import { ensureQuery, fetchQuery, invalidateQueries, queryState, setQueryData, type QueryKey } from '../core/store/query-store.ts';
import { firstPagePainted } from '../app/first-paint.ts';
import { listGrades, listGroups, listPhones, type Grade, type Phone, type PhonePage, type PhoneGroup, type PhoneQuery, type SortOrder } from './api.ts';
import { applyStatuses, patchPhones, phonesById, phonesOf, putPhones } from './phone-store.ts';
import { stopPolling } from './polling.ts';
import { MIN_OPEN_VALIDITY_MS, type BusinessStatus } from '../../shared/device-types.ts';
import { FIRST_PAGE_SIZE, PHONE_PAGE_SIZE } from './first-page.ts';

export type ViewMode = 'single' | 'grid4' | 'grid9' | 'grid16' | 'list';
export type DeviceTab = 'home' | 'discover';
/** What a card shows: the server's business status, or one the client derives (expiring soon). */
export type DisplayStatus = BusinessStatus | 'expiringSoon';

export { MIN_OPEN_VALIDITY_MS };
/** Default "expiring soon" threshold when the server does not configure PHONE_EXPIRE_TIME_TEXT_LESS_THAN (hours). */
export const DEFAULT_EXPIRING_SOON_HOURS = 72;

/** The home list's filters as the server reads them, in the order the inline boot's first request has them. */
type ListQuery = Omit<PhoneQuery, 'pageNo' | 'pageSize'>;
export interface ListAnswer {
  ids: number[];
  total: number;
}
const listKey = (query: ListQuery) => ['devices', 'list', query] as const;
/** The list home opens on (no filter, the default order): the one kept for an offline start (offline-list.ts). */
export const HOME_LIST_KEY = listKey({ sort: 'default' });
/** The list asked for last, and the one on screen: a new list replaces the old one once its first phones are in. */
let wantedKey: QueryKey | null = null;
const shownKey = signal<QueryKey>(HOME_LIST_KEY);
const shownList = computed(() => queryState<ListAnswer>(shownKey.value).value);
const NO_IDS: number[] = [];
/** Its own computed, so the same ids written again (the last page, then the final answer) change nothing shown. */
const shownIds = computed(() => shownList.value.data?.ids ?? NO_IDS);

/** The phones of home's list for the current filters, as the store holds them. */
export const phones = computed(() => phonesOf(shownIds.value, phonesById.value));
export const phonesTotal = computed(() => shownList.value.data?.total ?? 0);
export const phonesLoading = signal(false);
export const phonesError = signal<unknown>(null);
export const GROUPS_KEY = ['devices', 'groups'];
const GRADES_KEY = ['devices', 'grades'];
const THRESHOLD_KEY = ['devices', 'expiring-soon-hours'];
export const groups = computed(() => queryState<PhoneGroup[]>(GROUPS_KEY).value.data ?? []);
export const grades = computed(() => queryState<Grade[]>(GRADES_KEY).value.data ?? []);
export const expiringSoonHours = computed(() => queryState<number>(THRESHOLD_KEY).value.data ?? DEFAULT_EXPIRING_SOON_HOURS);
/** serverTime - Date.now(), so remaining time does not depend on the phone's clock being right. */
export const clockSkew = signal(0);

export const sort = signal<SortOrder>('default');
export const gradeFilter = signal<number | null>(null);
export const groupFilter = signal<number | null>(null);
export const keyword = signal('');

/** Spec §2: the home and discover tabs each keep their display mode (memory only: §3 has no key for it). */
export const viewModes = signal<Record<DeviceTab, ViewMode>>({ home: 'grid4', discover: 'grid4' });

export function setViewMode(tab: DeviceTab, mode: ViewMode): void {
  viewModes.value = { ...viewModes.value, [tab]: mode };
}

export const now = () => Date.now() + clockSkew.value;

export function remainingMs(phone: Phone, at = now()): number {
  return phone.expireTime - at;
}

/** Expired beats everything; "expiring soon" marks an otherwise online phone under the server's threshold. */
export function displayStatus(phone: Phone, at = now(), soonHours = expiringSoonHours.value): DisplayStatus {
  const left = remainingMs(phone, at);
  if (left <= 0) return 'expired';
  if (phone.businessStatus === 'online' && left < soonHours * 3600_000) return 'expiringSoon';
  return phone.businessStatus;
}

/** Statuses whose screen is running: the live grid streams these; any other card keeps its still screenshot. */
const LIVE_STATUSES: ReadonlySet<DisplayStatus> = new Set<DisplayStatus>(['online', 'expiringSoon', 'trial', 'controlling', 'syncing']);

export function showsLive(phone: Phone, at = now()): boolean {
  return LIVE_STATUSES.has(displayStatus(phone, at));
}

export function canOpen(phone: Phone, at = now()): boolean {
  return remainingMs(phone, at) >= MIN_OPEN_VALIDITY_MS;
}

/** Spec §1: one reminder a day when a phone expires within the threshold. */
export function shouldRemindExpiry(list: Phone[], today: string, lastTipDate: string | undefined, at = now()): boolean {
  if (lastTipDate === today) return false;
  return list.some((phone) => {
    const left = remainingMs(phone, at);
    return left > 0 && left < expiringSoonHours.value * 3600_000;
  });
}

/** The load under way, if any: what a page that opens meanwhile waits for instead of asking again. */
let loading: Promise<void> | null = null;
let firstLanded = Promise.resolve();
/** Settles the newest load's wait for its first screenful (a load that joins one on its way takes it over). */
let markLanded = () => {};

const sameKey = (a: QueryKey | null, b: QueryKey) => a !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * Loads the list for the current filters: one screenful first (first-page.ts), then every page of 200 from the start,
 * each replacing the list as it lands (the first of them repeats that screenful). A list asked for before (another
 * sort, a search) that is still loading stops: nobody shows it any more.
 */
export function loadPhones(): Promise<void> {
  const query: ListQuery = {
    sort: sort.value,
    gradeId: gradeFilter.value ?? undefined,
    groupId: groupFilter.value ?? undefined,
    keyword: keyword.value.trim() || undefined,
  };
  const key = listKey(query);
  if (wantedKey && !sameKey(wantedKey, key)) invalidateQueries(wantedKey);
  wantedKey = key;
  markLanded();
  firstLanded = new Promise<void>((resolve) => (markLanded = resolve));
  phonesLoading.value = true;
  phonesError.value = null;
  const mine = () => sameKey(wantedKey, key);
  const load = fetchQuery<ListAnswer>(key, (progress, signal) =>
    fetchList(query, signal, (answer) => {
      const current = progress(answer);
      // The list asked for last takes the screen once its first phones are in; an older one never does.
      if (current && mine()) {
        shownKey.value = key;
        markLanded();
      }
      return current;
    }),
  )
    .then(
      () => {
        if (mine()) shownKey.value = key;
        // A named point for the device-list benchmark (test/bench/device-list.mjs); costs nothing otherwise.
        performance.mark?.('devices:loaded');
      },
      (error: unknown) => {
        if (mine()) phonesError.value = error;
      },
    )
    .finally(() => {
      if (mine()) {
        markLanded();
        phonesLoading.value = false;
      }
      if (loading === load) loading = null;
    });
  loading = load;
  return load;
}

/**
 * The list page by page. It stops when `show` says false (the list was invalidated, or the session ended) or `signal`
 * aborts, and then keeps nothing of the page in hand: its phones may be another account's.
 */
async function fetchList(query: ListQuery, signal: AbortSignal, show: (answer: ListAnswer) => boolean): Promise<ListAnswer> {
  let answer: ListAnswer = { ids: [], total: 0 };
  /** The page's phones into the store and the list's ids with them, in one update of what is shown. */
  const take = (page: PhonePage, ids: number[]) =>
    !signal.aborted &&
    batch(() => {
      clockSkew.value = page.serverTime - Date.now();
      putPhones(page.list);
      answer = { ids, total: page.total };
      return show(answer);
    });
  const idsOf = (page: PhonePage) => page.list.map((phone) => phone.userPhoneId);
  const first = await listPhones({ ...query, pageSize: FIRST_PAGE_SIZE, pageNo: 1 });
  const firstIds = idsOf(first);
  if (!take(first, firstIds) || first.list.length >= first.total) return answer;
  // The rest of the list once the first page of the app is painted: at boot, a page of 200 phones arriving while the
  // first cards are still to be drawn would be read and rendered before them (later loads find it painted).
  await firstPagePainted;
  let ids: number[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await listPhones({ ...query, pageSize: PHONE_PAGE_SIZE, pageNo });
    ids = ids.concat(idsOf(page));
    if (!take(page, ids) || ids.length >= page.total || page.list.length === 0) return answer;
  }
}

/** The load already under way (started before home was shown, say), or a new one. */
export function loadPhonesOnce(): Promise<void> {
  return loading ?? loadPhones();
}

/** Settles once the latest load's first screenful is in the list, or that load has ended without one. */
export function firstPhonesShown(): Promise<void> {
  return firstLanded;
}

/** The list for pages reached straight from an address (phone-view's switcher): loaded unless already there. */
export function ensurePhonesLoaded(): void {
  if (phones.value.length === 0 && !phonesLoading.value) void loadPhones();
}

export function loadGroups(): Promise<PhoneGroup[]> {
  return fetchQuery(GROUPS_KEY, listGroups);
}

/** Writes a group change the server accepted into the groups shown. */
export function updateGroups(change: (list: PhoneGroup[]) => PhoneGroup[]): void {
  setQueryData<PhoneGroup[]>(GROUPS_KEY, (old) => change(old ?? []));
}

export function loadGrades(): Promise<Grade[]> {
  return ensureQuery(GRADES_KEY, listGrades);
}

export function loadExpiryThreshold(): Promise<number> {
  return ensureQuery(THRESHOLD_KEY, async () => {
    const reply = await getConfigKeys(['PHONE_EXPIRE_TIME_TEXT_LESS_THAN']);
    const hours = Number(reply.list.find((entry) => entry.key === 'PHONE_EXPIRE_TIME_TEXT_LESS_THAN')?.value);
    return hours > 0 ? hours : DEFAULT_EXPIRING_SOON_HOURS;
  });
}

/** What the device screens show beside the list: its groups, the levels and the expiry threshold, in parallel. */
export function loadListDetails(): Promise<unknown> {
  return Promise.allSettled([loadGroups(), loadGrades(), loadExpiryThreshold()]);
}

/** Everything the device screens need, in parallel; a load of the list already under way is joined, not repeated. */
export function refreshDevices(): Promise<unknown> {
  return Promise.allSettled([loadPhonesOnce(), loadListDetails()]);
}

export { applyStatuses, patchPhones };

/**
 * Something outside this domain changed the account's phones on the server (a payment renewed or added some): every
 * device answer is stale, and home's list is asked again.
 */
export function phonesChangedOnServer(): void {
  invalidateQueries(['devices']);
  void loadPhones();
}

/** The session ended: the store forgets the data (query-store.ts); the filters and polling go here. */
export function resetDeviceState(): void {
  stopPolling();
  wantedKey = null;
  markLanded();
  loading = null;
  shownKey.value = HOME_LIST_KEY;
  phonesLoading.value = false;
  phonesError.value = null;
  gradeFilter.value = null;
  groupFilter.value = null;
  keyword.value = '';
  sort.value = 'default';
}

onSessionCleared(resetDeviceState);
