/**
 * The user's cloud phones (spec §1 device list, §3 fields, §4 states): the loaded list for the current
 * filters, groups and grades, the view mode of each tab, and the rules that derive what a card shows.
 */
import { computed, signal } from '@preact/signals-react';
import { getConfigKeys } from '../app/client-api.ts';
import { onSessionCleared } from '../account/session.ts';
import { firstPagePainted } from '../app/first-paint.ts';
import {
  listGrades,
  listGroups,
  listPhones,
  phoneStatuses,
  type Grade,
  type Phone,
  type PhonePage,
  type PhoneGroup,
  type PhoneStatus,
  type SortOrder,
} from './api.ts';
import type { BusinessStatus } from './device-types.ts';
import { FIRST_PAGE_SIZE, PHONE_PAGE_SIZE } from './first-page.ts';

export type ViewMode = 'single' | 'grid4' | 'grid9' | 'grid16' | 'list';
export type DeviceTab = 'home' | 'discover';
/** What a card shows: the server's business status, or one the client derives (expiring soon). */
export type DisplayStatus = BusinessStatus | 'expiringSoon';

/** Spec §5/§9: opening a device needs at least 10 minutes of validity. */
export const MIN_OPEN_VALIDITY_MS = 10 * 60 * 1000;
/** Default "expiring soon" threshold when the server does not configure PHONE_EXPIRE_TIME_TEXT_LESS_THAN (hours). */
export const DEFAULT_EXPIRING_SOON_HOURS = 72;

export const phones = signal<Phone[]>([]);
export const phonesTotal = signal(0);
export const phonesLoading = signal(false);
export const phonesError = signal<unknown>(null);
export const groups = signal<PhoneGroup[]>([]);
export const grades = signal<Grade[]>([]);
export const expiringSoonHours = signal(DEFAULT_EXPIRING_SOON_HOURS);
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

let loadSeq = 0;
/** The load under way, if any: what a page that opens meanwhile waits for instead of asking again. */
let loading: Promise<void> | null = null;
let firstLanded = Promise.resolve();

/**
 * Loads the list for the current filters: one screenful first (first-page.ts), then every page of 200 from the start,
 * each replacing the list as it lands (the first of them repeats that screenful).
 */
export function loadPhones(): Promise<void> {
  const seq = ++loadSeq;
  let landed = () => {};
  firstLanded = new Promise<void>((resolve) => (landed = resolve));
  const load = fetchAllPhones(seq, landed).finally(() => {
    landed();
    if (loading === load) loading = null;
  });
  loading = load;
  return load;
}

/** The load already under way (started before home was shown, say), or a new one. */
export function loadPhonesOnce(): Promise<void> {
  return loading ?? loadPhones();
}

/** Settles once the latest load's first screenful is in the list, or that load has ended without one. */
export function firstPhonesShown(): Promise<void> {
  return firstLanded;
}

async function fetchAllPhones(seq: number, landed: () => void): Promise<void> {
  phonesLoading.value = true;
  phonesError.value = null;
  const query = {
    sort: sort.value,
    gradeId: gradeFilter.value ?? undefined,
    groupId: groupFilter.value ?? undefined,
    keyword: keyword.value.trim() || undefined,
  };
  const show = (page: PhonePage, list: Phone[]) => {
    clockSkew.value = page.serverTime - Date.now();
    phones.value = list;
    phonesTotal.value = page.total;
  };
  try {
    const first = await listPhones({ ...query, pageSize: FIRST_PAGE_SIZE, pageNo: 1 });
    // A newer load (the user changed a filter meanwhile) owns the list now.
    if (seq !== loadSeq) return;
    show(first, first.list);
    landed();
    // The rest of the list once the first page of the app is painted: at boot, a page of 200 phones arriving while the
    // first cards are still to be drawn would be read and rendered before them (later loads find it painted).
    await firstPagePainted;
    if (seq !== loadSeq) return;
    let collected: Phone[] = [];
    for (let pageNo = 1; first.list.length < first.total; pageNo++) {
      const page = await listPhones({ ...query, pageSize: PHONE_PAGE_SIZE, pageNo });
      if (seq !== loadSeq) return;
      collected = collected.concat(page.list);
      show(page, collected);
      if (collected.length >= page.total || page.list.length === 0) break;
    }
    // A named point for the device-list benchmark (test/bench/device-list.mjs); costs nothing otherwise.
    performance.mark?.('devices:loaded');
  } catch (error) {
    if (seq === loadSeq) phonesError.value = error;
  } finally {
    if (seq === loadSeq) phonesLoading.value = false;
  }
}

/** The list for pages reached straight from an address (phone-view's switcher): loaded unless already there. */
export function ensurePhonesLoaded(): void {
  if (phones.value.length === 0 && !phonesLoading.value) void loadPhones();
}

export async function loadGroups(): Promise<void> {
  groups.value = await listGroups();
}

export async function loadGrades(): Promise<void> {
  if (!grades.value.length) grades.value = await listGrades();
}

export async function loadExpiryThreshold(): Promise<void> {
  const reply = await getConfigKeys(['PHONE_EXPIRE_TIME_TEXT_LESS_THAN']);
  const hours = Number(reply.list.find((entry) => entry.key === 'PHONE_EXPIRE_TIME_TEXT_LESS_THAN')?.value);
  if (hours > 0) expiringSoonHours.value = hours;
}

/** What the device screens show beside the list: its groups, the levels and the expiry threshold, in parallel. */
export function loadListDetails(): Promise<unknown> {
  return Promise.allSettled([loadGroups(), loadGrades(), loadExpiryThreshold()]);
}

/** Everything the device screens need, in parallel; a load of the list already under way is joined, not repeated. */
export function refreshDevices(): Promise<unknown> {
  return Promise.allSettled([loadPhonesOnce(), loadListDetails()]);
}

/** Merges fresh statuses into the list without reloading it. */
export function applyStatuses(statuses: PhoneStatus[]): void {
  const byId = new Map(statuses.map((entry) => [entry.userPhoneId, entry]));
  phones.value = phones.value.map((phone) => {
    const fresh = byId.get(phone.userPhoneId);
    return fresh ? { ...phone, businessStatus: fresh.businessStatus, operation: fresh.operation } : phone;
  });
}

/** Applies a change the server accepted to the phones in the list. */
export function patchPhones(ids: number[], change: Partial<Phone>): void {
  const wanted = new Set(ids);
  phones.value = phones.value.map((phone) => (wanted.has(phone.userPhoneId) ? { ...phone, ...change } : phone));
}

export const busyPhoneIds = computed(() =>
  phones.value.filter((phone) => phone.businessStatus === 'operating').map((phone) => phone.userPhoneId),
);

export const POLL_MS = 1000;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped by stopPolling: a tick already waiting on the network must not re-arm after a stop. */
let pollGeneration = 0;
let pollingWanted = false;

/**
 * While any listed phone is operating (reboot, reset), asks for its status every second and merges it,
 * so progress shows without a manual refresh. Stops while the page is hidden and when nothing is busy.
 */
export function pollBusyPhones(): void {
  clearTimeout(pollTimer);
  pollingWanted = true;
  const ids = busyPhoneIds.value;
  if (!ids.length || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) return;
  const generation = pollGeneration;
  pollTimer = setTimeout(async () => {
    try {
      applyStatuses(await phoneStatuses(busyPhoneIds.value));
    } catch {
      // A failed poll is retried on the next tick.
    }
    if (generation === pollGeneration) pollBusyPhones();
  }, POLL_MS);
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && pollingWanted) pollBusyPhones();
    else clearTimeout(pollTimer);
  });
}

export function stopPolling(): void {
  pollGeneration++;
  pollingWanted = false;
  clearTimeout(pollTimer);
}

/** The session ended: nothing of the previous account may show to the next one. */
export function resetDeviceState(): void {
  stopPolling();
  // A load of the previous account's list still under way must not land.
  loadSeq++;
  loading = null;
  phonesLoading.value = false;
  phonesError.value = null;
  phones.value = [];
  phonesTotal.value = 0;
  groups.value = [];
  gradeFilter.value = null;
  groupFilter.value = null;
  keyword.value = '';
  sort.value = 'default';
}

onSessionCleared(resetDeviceState);
