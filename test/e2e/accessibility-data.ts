/** The data the accessibility test's pages need (phones, groups, an unpaid order), asked of the API as the signed-in user. */
import type { Page } from '@playwright/test';
import type * as devices from '../../shared/contract/devices.ts';
import type { ReplyOf, RequestOf } from '../../shared/contract/endpoint.ts';
import type { Routes } from '../../shared/contract/index.ts';

const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------------------------
// Data for the pages that need some. Its shapes are the contract's (shared/contract/), so they cannot drift from what
// the server sends.

export type ApiPhone = ReplyOf<typeof devices.listPhones>['list'][number];
export type ApiGroup = ReplyOf<typeof devices.listGroups>[number];
export interface PageData {
  phones: ApiPhone[];
  serverTime: number;
  groups: ApiGroup[];
  /** An unpaid order created for this test (shop group only). */
  orderId?: number;
  /** A live share link of one phone, with one viewer joined, for the pages of NEEDS_SHARE (accessibility.spec.ts). */
  share?: { shareId: number; token: string; phoneId: number };
  /** The newest message of the account, for message-detaile. */
  messageId?: number;
}

/** An API call as the logged-in user, with the token and tenant the app stored. */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('token') ?? 'null');
      const tenantId = JSON.parse(localStorage.getItem('tenantId') ?? 'null');
      if (!token || tenantId === null) throw new Error(`no token or tenantId in localStorage (token: ${Boolean(token)}, tenantId: ${tenantId})`);
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'tenant-id': String(tenantId) };
      const reply = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return reply.json();
    },
    { method, path, body },
  );
}

type Input<R extends keyof Routes> = {} extends RequestOf<Routes[R]> ? [input?: RequestOf<Routes[R]>] : [input: RequestOf<Routes[R]>];

/** A call of the contract by its route string (as the app's `api()`), answering its `data` typed by the contract. */
export async function ok<R extends keyof Routes>(page: Page, route: R, ...[input]: Input<R>): Promise<ReplyOf<Routes[R]>> {
  const [method, path] = route.split(' ') as [string, string];
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input?.query ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item != null) query.append(key, String(item));
  }
  const search = query.toString();
  const url = search ? `${path}?${search}` : path;
  const reply = await callApi<ReplyOf<Routes[R]>>(page, method, url, input?.body);
  if (reply.code !== 0) throw new Error(`${route} answered code ${reply.code}: ${reply.msg}`);
  return reply.data;
}

export async function loadPageData(page: Page): Promise<PageData> {
  const list = await ok(page, 'GET /api/device/user/phone/list', { query: { pageSize: 200 } });
  const groups = await ok(page, 'GET /api/device/phone-group/simple-list');
  const messages = await ok(page, 'GET /api/message/page', { query: { pageSize: 1 } });
  return { phones: list.list, serverTime: list.serverTime, groups, messageId: messages.list[0]?.messageId };
}

/** A new unpaid order (the cheapest package, one phone), for payment and pay-result. */
export async function createUnpaidOrder(page: Page): Promise<number> {
  const goods = await ok(page, 'GET /api/product/goods/list');
  const packages = goods.filter((grade) => grade.stock > 0).flatMap((grade) => grade.packages).sort((a, b) => a.price - b.price);
  if (!packages.length) throw new Error('no package in stock to order');
  const order = await ok(page, 'POST /api/trade/order/create', { body: { type: 'buy', packageId: packages[0]!.packageId, quantity: 1 } });
  if (order.status !== 'waitPay') throw new Error(`the new order is ${order.status}, not waitPay`);
  return order.orderId;
}

/**
 * A share link of an idle phone (the list's last, away from the phones other checks open) with one viewer who joined
 * without an account, so join-user shows a viewer with its controls. Ended by the caller once the pages are seen.
 */
export async function createShareLink(page: Page, data: PageData): Promise<NonNullable<PageData['share']>> {
  const phone = need(data.phones.filter(idle).at(-1), 'an idle phone');
  const share = await ok(page, 'POST /api/device/share/create', { body: { userPhoneId: phone.userPhoneId, permission: 'view', validityHours: 1 } });
  await ok(page, 'POST /api/device/share/join', { body: { token: share.token, displayName: 'Audit viewer' } });
  return { shareId: share.shareId, token: share.token, phoneId: phone.userPhoneId };
}

export const left = (data: PageData, phone: ApiPhone) => phone.expireTime - data.serverTime;
export const idle = (phone: ApiPhone) => phone.businessStatus === 'online' && !phone.operation;

/** The phone a page is opened with: online, idle, more than a day left; a lower grade first (so it can be upgraded). */
export function viewablePhone(data: PageData): ApiPhone | undefined {
  const candidates = data.phones.filter((phone) => idle(phone) && left(data, phone) > DAY);
  return candidates.find((phone) => phone.gradeId < 3) ?? candidates[0];
}

/** Best data available: the viewable phone, else any phone still valid, else any phone. */
export function somePhone(data: PageData): ApiPhone | undefined {
  return viewablePhone(data) ?? data.phones.find((phone) => left(data, phone) > 0) ?? data.phones[0];
}

export function need<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`no data for this page: ${what}`);
  return value;
}

/** The query each page that needs data is opened with; `data` is null when the API could not be asked (logged out). */
export const QUERIES: Record<string, (data: PageData | null) => string> = {
  'phone-view': (data) => `?id=${need(data && viewablePhone(data), 'an online phone with more than a day left').userPhoneId}`,
  'phone-view-switch': (data) => `?id=${need(data && viewablePhone(data), 'an online phone with more than a day left').userPhoneId}`,
  'recharge-single-phone': (data) => `?id=${need(data && somePhone(data), 'a phone').userPhoneId}`,
  'upgrade-phone': (data) => `?ids=${need(data && somePhone(data), 'a phone').userPhoneId}`,
  'move-phone-to-group': (data) => `?ids=${need(data && somePhone(data), 'a phone').userPhoneId}`,
  'batch-operation': (data) => {
    const online = data ? data.phones.filter((phone) => idle(phone) && left(data, phone) > DAY).slice(0, 3) : [];
    const ids = online.length ? online : [need(data && somePhone(data), 'a phone')];
    return `?action=reboot&ids=${ids.map((phone) => phone.userPhoneId).join(',')}`;
  },
  'choose-device': () => '?action=reboot',
  'phone-group-setting': (data) => {
    const groups = data?.groups ?? [];
    const group = groups.find((entry) => !entry.isDefault && entry.phoneCount > 0) ?? groups.find((entry) => entry.phoneCount > 0) ?? groups[0];
    return `?id=${need(group, 'a phone group').id}`;
  },
  agreement: () => '?type=1',
  'authorization-code': (data) => `?id=${need(data && viewablePhone(data), 'a phone with more than a day left').userPhoneId}`,
  'join-user': (data) => `?shareId=${need(data?.share, 'a share link').shareId}`,
  // Logged out there is no data: the page without a token says the interaction has ended.
  'share-screen-control': (data) => (data?.share ? `?token=${data.share.token}` : ''),
  payment: (data) => `?orderId=${need(data?.orderId, 'a new unpaid order')}`,
  'pay-result': (data) => `?orderId=${need(data?.orderId, 'a new unpaid order')}`,
  'transfer-device': (data) => `?ids=${need(data && somePhone(data), 'a phone').userPhoneId}`,
  'app-manager': (data) => `?ids=${need(data && somePhone(data), 'a phone').userPhoneId}`,
  'file-upload': (data) => `?ids=${need(data && somePhone(data), 'a phone').userPhoneId}`,
  'new-machine': (data) => `?ids=${need(data && somePhone(data), 'a phone').userPhoneId}`,
  // Two idle phones: the page shows the choice of the main-control device (nothing is started by looking).
  'group-control': (data) => {
    const online = data ? data.phones.filter((phone) => idle(phone) && left(data, phone) > DAY).slice(-2) : [];
    return `?ids=${(online.length === 2 ? online : [need(data && somePhone(data), 'a phone')]).map((phone) => phone.userPhoneId).join(',')}`;
  },
  'change-phone': (data) => `?ids=${need(data && somePhone(data), 'a phone').userPhoneId}`,
  'phone-check': (data) => `?id=${need(data && somePhone(data), 'a phone').userPhoneId}`,
  // The template page with its create form for a phone that may give one (more than a day left); nothing is created.
  'clone-template': (data) => `?id=${need(data && viewablePhone(data), 'a phone with more than a day left').userPhoneId}`,
  'clone-phone': (data) => `?ids=${need(data && somePhone(data), 'a phone').userPhoneId}`,
  'message-detaile': (data) => `?id=${need(data?.messageId, 'a message of the account')}`,
  // A seeded help article (server/db/seed-help.ts).
  'single-page': () => '?id=open-control',
};
