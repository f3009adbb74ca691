/**
 * THE route table (spec §2): every page's name, path segment, navigation level, layout, access and lazy
 * module. This file alone decides what can be in the first screen: everything here is a dynamic import.
 * Paths are `/<segment>/:clientNo`; home is `/:clientNo`. Later issues append their routes here.
 */
import type { ComponentType } from 'react';
import { ensureAppTexts, type MessageKey } from '../core/i18n/index.ts';

export type LayoutName =
  | 'home' | 'person' | 'loginLayout' | 'phone' | 'buy' | 'code'
  | 'device' | 'message' | 'ai' | 'single' | '404' | 'none';

/** Which purchase-gating rule applies (spec §2, "Purchase gating"). */
export type PurchaseGate = 'addPhone' | 'recharge' | 'activationCode';

export interface PageProps {
  clientNo: string;
  query: URLSearchParams;
  /** The route's name, for pages that serve several routes. */
  routeName: string;
}

export interface RouteDef {
  name: string;
  /** Path segment without slashes; '' for home. */
  segment: string;
  level: 0 | 1 | 2 | 3;
  layout: LayoutName;
  /** Header title for layouts that show one. */
  title?: MessageKey;
  /** Reachable without a token. */
  public?: boolean;
  gate?: PurchaseGate;
  /** The page module; one that exports `ready` (its own texts, say) is shown once that has resolved. */
  load: () => Promise<PageModule>;
}

export interface PageModule {
  default: ComponentType<PageProps>;
  ready?: () => Promise<void>;
}

const phoneView = () => import('../phone-view/pages/phone-view.tsx');

const PAGES: RouteDef[] = [
  { name: 'home', segment: '', level: 0, layout: 'home', title: 'devices.title', load: () => import('../devices/pages/home.tsx') },
  { name: 'discover', segment: 'discover', level: 0, layout: 'home', title: 'devices.discoverTitle', load: () => import('../devices/pages/discover.tsx') },
  { name: 'login', segment: 'login', level: 0, layout: 'loginLayout', public: true, load: () => import('../account/pages/login.tsx') },
  { name: 'forgetPassword', segment: 'forget-password', level: 1, layout: 'code', title: 'forgetPassword.title', public: true, load: () => import('../account/pages/forget-password.tsx') },
  { name: 'agreement', segment: 'agreement', level: 2, layout: 'loginLayout', public: true, load: () => import('../account/pages/agreement.tsx') },
  { name: 'userAgreement', segment: 'user-agreement', level: 2, layout: 'phone', title: 'agreement.user', public: true, load: () => import('../account/pages/agreement.tsx') },
  { name: 'privacyAgreement', segment: 'privacy-agreement', level: 2, layout: 'phone', title: 'agreement.privacy', public: true, load: () => import('../account/pages/agreement.tsx') },
  { name: 'manageGroup', segment: 'manage-group', level: 1, layout: 'person', title: 'groups.manageTitle', load: () => import('../devices/pages/manage-group.tsx') },
  { name: 'phoneGroupSetting', segment: 'phone-group-setting', level: 2, layout: 'person', title: 'groups.settingTitle', load: () => import('../devices/pages/phone-group-setting.tsx') },
  { name: 'movePhoneToGroup', segment: 'move-phone-to-group', level: 2, layout: 'person', title: 'groups.moveTitle', load: () => import('../devices/pages/move-phone-to-group.tsx') },
  { name: 'batchOperation', segment: 'batch-operation', level: 2, layout: 'person', title: 'groups.batchTitle', load: () => import('../devices/pages/batch-operation.tsx') },
  { name: 'chooseDevice', segment: 'choose-device', level: 1, layout: 'person', title: 'groups.chooseTitle', load: () => import('../devices/pages/choose-device.tsx') },
  { name: 'addPhone', segment: 'add-phone', level: 1, layout: 'none', title: 'shopBuy.addTitle', gate: 'addPhone', load: () => import('../shop/pages/add-phone.tsx') },
  { name: 'rechargePhone', segment: 'recharge-phone', level: 1, layout: 'buy', title: 'shopBuy.rechargeTitle', gate: 'recharge', load: () => import('../shop/pages/recharge-phone.tsx') },
  { name: 'rechargeSinglePhone', segment: 'recharge-single-phone', level: 2, layout: 'buy', title: 'shopBuy.rechargeSingleTitle', gate: 'recharge', load: () => import('../shop/pages/recharge-phone.tsx') },
  { name: 'upgradeSelectPhone', segment: 'upgrade-select-phone', level: 1, layout: 'buy', title: 'shopBuy.upgradeSelectTitle', load: () => import('../shop/pages/upgrade-select-phone.tsx') },
  { name: 'upgradePhone', segment: 'upgrade-phone', level: 2, layout: 'buy', title: 'shopBuy.upgradeTitle', load: () => import('../shop/pages/upgrade-phone.tsx') },
  { name: 'payment', segment: 'payment', level: 2, layout: 'person', title: 'shopBuy.paymentTitle', load: () => import('../shop/pages/payment.tsx') },
  { name: 'paymentResult', segment: 'pay-result', level: 3, layout: 'person', title: 'shopBuy.resultTitle', load: () => import('../shop/pages/pay-result.tsx') },
  { name: 'activationCode', segment: 'activation-code', level: 1, layout: 'person', title: 'shop.codes.title', gate: 'activationCode', load: () => import('../shop/pages/activation-code.tsx') },
  { name: 'addCode', segment: 'add-code', level: 2, layout: 'person', title: 'shop.codes.addTitle', gate: 'activationCode', load: () => import('../shop/pages/add-code.tsx') },
  { name: 'renewCode', segment: 'renew-code', level: 2, layout: 'person', title: 'shop.codes.renewTitle', gate: 'activationCode', load: () => import('../shop/pages/renew-code.tsx') },
  { name: 'codeRecord', segment: 'code-record', level: 2, layout: 'person', title: 'shop.codes.recordTitle', load: () => import('../shop/pages/code-record.tsx') },
  { name: 'orderList', segment: 'order-list', level: 1, layout: 'person', title: 'shop.orders.title', load: () => import('../shop/pages/order-list.tsx') },
  { name: 'myCoupon', segment: 'my-coupon', level: 1, layout: 'none', title: 'shop.coupons.title', load: () => import('../shop/pages/my-coupon.tsx') },
  { name: 'phone-view', segment: 'phone-view', level: 1, layout: 'phone', load: phoneView },
  { name: 'phone-view-switch', segment: 'phone-view-switch', level: 1, layout: 'phone', load: phoneView },
  { name: 'profile', segment: 'profile', level: 0, layout: 'home', title: 'profile.title', load: () => import('../account/pages/profile.tsx') },
  { name: 'personalCenter', segment: 'personal-center', level: 1, layout: 'person', title: 'personal.title', load: () => import('../account/pages/personal-center.tsx') },
  { name: 'passwordManager', segment: 'password-manager', level: 2, layout: 'person', title: 'password.title', load: () => import('../account/pages/password-manager.tsx') },
  { name: 'mobilePhoneBinding', segment: 'mobile-phone-binding', level: 2, layout: 'person', title: 'binding.title', load: () => import('../account/pages/mobile-phone-binding.tsx') },
  { name: 'cancelAccount', segment: 'cancel-account', level: 2, layout: 'person', title: 'cancel.title', load: () => import('../account/pages/cancel-account.tsx') },
  { name: 'systemSetting', segment: 'system-setting', level: 2, layout: 'person', title: 'settings.title', load: () => import('../account/pages/system-setting.tsx') },
  { name: 'aboutUs', segment: 'about-us', level: 2, layout: 'person', title: 'about.title', load: () => import('../account/pages/about-us.tsx') },
  { name: 'notFound', segment: '404', level: 0, layout: '404', title: 'notFound.title', public: true, load: () => import('../misc/pages/not-found.tsx') },
  { name: 'download', segment: 'download', level: 1, layout: 'none', title: 'download.title', public: true, load: () => import('../misc/pages/download.tsx') },
];

/**
 * A private page brings the signed-in app's texts with it (public pages need only the core texts), and a page that
 * exports `ready` is shown once that has resolved too.
 */
function withAppTexts(route: RouteDef): RouteDef {
  const load = async () => {
    const [module] = await Promise.all([route.load(), route.public ? undefined : ensureAppTexts()]);
    await module.ready?.();
    return module;
  };
  return { ...route, load };
}

export const ROUTES: RouteDef[] = PAGES.map(withAppTexts);

const bySegment = new Map(ROUTES.map((route) => [route.segment, route]));
const byName = new Map(ROUTES.map((route) => [route.name, route]));

export function routeBySegment(segment: string): RouteDef | undefined {
  return bySegment.get(segment);
}

export function routeByName(name: string): RouteDef | undefined {
  return byName.get(name);
}

/** Segments the spec names for pages later issues build: a one-segment path with one of these is a page, not a client number. */
export const KNOWN_SEGMENTS = new Set([
  ...ROUTES.map((route) => route.segment).filter(Boolean),
  'about-us', 'activation-code', 'add-code', 'add-phone', 'ai-assistant', 'ai-tutorial', 'authorization-code',
  'authorization-manager', 'authorized-device', 'batch-operation', 'cancel-account', 'change-phone', 'choose-device',
  'code-record', 'discover', 'game-list', 'home-guide', 'install-pwa', 'join-user', 'manage-group', 'message-center',
  'message-detaile', 'mobile-phone-binding', 'move-phone-to-group', 'my-coupon', 'my-share-screen', 'network-check',
  'new-machine', 'new-machine-record', 'order-list', 'password-manager', 'pay-result', 'payment', 'personal-center',
  'phone-check', 'phone-group-setting', 'phone-view', 'phone-view-switch', 'profile', 'recharge-phone',
  'recharge-single-phone', 'renew-code', 'sdk-guide', 'share-screen-control', 'single-page', 'system-setting',
  'transfer-device', 'transfer-list', 'upgrade-phone', 'upgrade-select-phone', 'use-authorization-code',
]);
