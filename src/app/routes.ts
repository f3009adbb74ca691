/**
 * THE route table (spec §2): every page's name, path segment, navigation level, layout, access and lazy
 * module. This file alone decides what can be in the first screen: everything here is a dynamic import.
 * Paths are `/<segment>/:clientNo`; home is `/:clientNo`. A new page is a new row here.
 */
import { ensureAppTexts } from '../core/i18n/index.ts';
import { loadErrorCatalogue } from '../core/errors.ts';
import { prefetchRefresh } from '../core/http.ts';
import type { RouteDef, RouteEntry } from './route-types.ts';
import { loadLayoutsFor } from './layouts/index.tsx';
import { preloadRouteFiles } from './route-files.ts';

const phoneView = () => import('../phone-view/pages/phone-view.tsx');

/**
 * Names are the segment in camelCase, except home (segment '') and notFound (segment '404'); a unit test holds
 * the table to that rule. `as const` keeps every name and segment a literal, so `RouteSegment` and `RouteName`
 * (route-types.ts) are derived from this list and a navigation to a page that is not here fails the typecheck.
 */
const PAGES = [
  { name: 'home', segment: '', level: 0, layout: 'home', title: 'devices.title', catalogueLater: true, load: () => import('../devices/pages/home.tsx') },
  { name: 'discover', segment: 'discover', level: 0, layout: 'home', title: 'devices.discoverTitle', load: () => import('../devices/pages/discover.tsx') },
  { name: 'login', segment: 'login', level: 0, layout: 'loginLayout', public: true, load: () => import('../account/pages/login.tsx') },
  { name: 'forgetPassword', segment: 'forget-password', level: 1, layout: 'code', title: 'account.forgetPassword.title', public: true, load: () => import('../account/pages/forget-password.tsx') },
  { name: 'agreement', segment: 'agreement', level: 2, layout: 'loginLayout', public: true, load: () => import('../account/pages/agreement.tsx') },
  { name: 'userAgreement', segment: 'user-agreement', level: 2, layout: 'phone', title: 'account.agreement.user', public: true, load: () => import('../account/pages/agreement.tsx') },
  { name: 'privacyAgreement', segment: 'privacy-agreement', level: 2, layout: 'phone', title: 'account.agreement.privacy', public: true, load: () => import('../account/pages/agreement.tsx') },
  { name: 'manageGroup', segment: 'manage-group', level: 1, layout: 'person', title: 'devices.groups.manageTitle', load: () => import('../devices/pages/manage-group.tsx') },
  { name: 'phoneGroupSetting', segment: 'phone-group-setting', level: 2, layout: 'person', title: 'devices.groups.settingTitle', load: () => import('../devices/pages/phone-group-setting.tsx') },
  { name: 'movePhoneToGroup', segment: 'move-phone-to-group', level: 2, layout: 'person', title: 'devices.groups.moveTitle', load: () => import('../devices/pages/move-phone-to-group.tsx') },
  { name: 'batchOperation', segment: 'batch-operation', level: 2, layout: 'person', title: 'devices.groups.batchTitle', load: () => import('../devices/pages/batch-operation.tsx') },
  { name: 'chooseDevice', segment: 'choose-device', level: 1, layout: 'person', title: 'devices.groups.chooseTitle', load: () => import('../devices/pages/choose-device.tsx') },
  { name: 'addPhone', segment: 'add-phone', level: 1, layout: 'none', title: 'shop.buy.addTitle', gate: 'addPhone', load: () => import('../shop/pages/add-phone.tsx') },
  { name: 'rechargePhone', segment: 'recharge-phone', level: 1, layout: 'buy', title: 'shop.buy.rechargeTitle', gate: 'recharge', load: () => import('../shop/pages/recharge-phone.tsx') },
  { name: 'rechargeSinglePhone', segment: 'recharge-single-phone', level: 2, layout: 'buy', title: 'shop.buy.rechargeSingleTitle', gate: 'recharge', load: () => import('../shop/pages/recharge-phone.tsx') },
  { name: 'upgradeSelectPhone', segment: 'upgrade-select-phone', level: 1, layout: 'buy', title: 'shop.buy.upgradeSelectTitle', load: () => import('../shop/pages/upgrade-select-phone.tsx') },
  { name: 'upgradePhone', segment: 'upgrade-phone', level: 2, layout: 'buy', title: 'shop.buy.upgradeTitle', load: () => import('../shop/pages/upgrade-phone.tsx') },
  { name: 'payment', segment: 'payment', level: 2, layout: 'person', title: 'shop.buy.paymentTitle', load: () => import('../shop/pages/payment.tsx') },
  { name: 'payResult', segment: 'pay-result', level: 3, layout: 'person', title: 'shop.buy.resultTitle', load: () => import('../shop/pages/pay-result.tsx') },
  { name: 'activationCode', segment: 'activation-code', level: 1, layout: 'person', title: 'shop.codes.title', gate: 'activationCode', load: () => import('../shop/pages/activation-code.tsx') },
  { name: 'addCode', segment: 'add-code', level: 2, layout: 'person', title: 'shop.codes.addTitle', gate: 'activationCode', load: () => import('../shop/pages/add-code.tsx') },
  { name: 'renewCode', segment: 'renew-code', level: 2, layout: 'person', title: 'shop.codes.renewTitle', gate: 'activationCode', load: () => import('../shop/pages/renew-code.tsx') },
  { name: 'codeRecord', segment: 'code-record', level: 2, layout: 'person', title: 'shop.codes.recordTitle', load: () => import('../shop/pages/code-record.tsx') },
  { name: 'orderList', segment: 'order-list', level: 1, layout: 'person', title: 'shop.orders.title', load: () => import('../shop/pages/order-list.tsx') },
  { name: 'myCoupon', segment: 'my-coupon', level: 1, layout: 'none', title: 'shop.coupons.title', load: () => import('../shop/pages/my-coupon.tsx') },
  { name: 'phoneView', segment: 'phone-view', level: 1, layout: 'phone', load: phoneView },
  { name: 'phoneViewSwitch', segment: 'phone-view-switch', level: 1, layout: 'phone', load: phoneView },
  { name: 'profile', segment: 'profile', level: 0, layout: 'home', title: 'account.profile.title', load: () => import('../account/pages/profile.tsx') },
  { name: 'personalCenter', segment: 'personal-center', level: 1, layout: 'person', title: 'account.personal.title', load: () => import('../account/pages/personal-center.tsx') },
  { name: 'passwordManager', segment: 'password-manager', level: 2, layout: 'person', title: 'account.password.title', load: () => import('../account/pages/password-manager.tsx') },
  { name: 'mobilePhoneBinding', segment: 'mobile-phone-binding', level: 2, layout: 'person', title: 'account.binding.title', load: () => import('../account/pages/mobile-phone-binding.tsx') },
  { name: 'cancelAccount', segment: 'cancel-account', level: 2, layout: 'person', title: 'account.cancel.title', load: () => import('../account/pages/cancel-account.tsx') },
  { name: 'systemSetting', segment: 'system-setting', level: 2, layout: 'person', title: 'account.settings.title', load: () => import('../account/pages/system-setting.tsx') },
  { name: 'aboutUs', segment: 'about-us', level: 2, layout: 'person', title: 'account.about.title', load: () => import('../account/pages/about-us.tsx') },
  { name: 'notFound', segment: '404', level: 0, layout: '404', title: 'misc.notFound.title', public: true, load: () => import('../misc/pages/not-found.tsx') },
  { name: 'download', segment: 'download', level: 1, layout: 'none', title: 'misc.download.title', public: true, load: () => import('../misc/pages/download.tsx') },
] as const satisfies readonly RouteEntry[];

/** The table as data: what route-types.ts derives the segment and name types from. */
export type RouteTable = typeof PAGES;

/**
 * A private page brings the signed-in app's texts and the error catalogue with it (it may describe failures that did
 * not come from a failed call: a batch's results, a code's state), unless it is marked `catalogueLater`: home, the
 * page a returning user opens, must not wait for 5 KB it rarely needs. Public pages need only the core texts; the
 * catalogue comes with their first failed call. Every page but the first screen's brings the signed-in app's layouts
 * (layouts/index.tsx). A page that exports `ready` is shown once that has resolved too.
 */
function withAppTexts(route: RouteEntry): RouteDef {
  const load = async () => {
    const signedIn = !route.public;
    preloadRouteFiles(route.segment);
    // A signed-in page's session may need renewing: the refresh comes with the page's shared helpers, not later.
    if (signedIn) prefetchRefresh();
    const [module] = await Promise.all([route.load(), loadLayoutsFor(route.layout), signedIn ? ensureAppTexts() : undefined, signedIn && !route.catalogueLater ? loadErrorCatalogue() : undefined]);
    await module.ready?.();
    return module;
  };
  return { ...route, load } as RouteDef;
}

export const ROUTES: readonly RouteDef[] = PAGES.map(withAppTexts);

const bySegment = new Map<string, RouteDef>(ROUTES.map((route) => [route.segment, route]));

export function routeBySegment(segment: string): RouteDef | undefined {
  return bySegment.get(segment);
}

/**
 * Every page segment the spec names, built or not yet: a one-segment path with one of these is a page, not a client
 * number. The built ones come from the table; the list holds the spec's pages that are not in it yet.
 */
export const KNOWN_SEGMENTS: ReadonlySet<string> = new Set<string>([
  ...ROUTES.map((route) => route.segment).filter(Boolean),
  'ai-assistant', 'ai-tutorial', 'authorization-code', 'authorization-manager', 'authorized-device', 'change-phone',
  'game-list', 'home-guide', 'install-pwa', 'join-user', 'message-center', 'message-detaile', 'my-share-screen',
  'network-check', 'new-machine', 'new-machine-record', 'phone-check', 'sdk-guide', 'share-screen-control',
  'single-page', 'transfer-device', 'transfer-list', 'use-authorization-code',
]);
