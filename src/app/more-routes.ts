/**
 * The route table's rows for every page but the first screens (routes.ts holds those, the rules every row follows and
 * the lookups). This file is a chunk of its own, which the router loads when a page of it is opened and once the first
 * page is on screen: the login screen and a returning user's device list do not carry the other pages' rows and
 * imports. A new page is a new row here, and its segment in page-segments.ts.
 */
import type { RouteEntry } from './route-types.ts';

const phoneView = () => import('../phone-view/pages/phone-view.tsx');

/** Names are the segment in camelCase; `as const` keeps each a literal for `RouteSegment` and `RouteName`. */
export const MORE_PAGES = [
  { name: 'discover', segment: 'discover', level: 0, layout: 'home', title: 'devices.discoverTitle', load: () => import('../devices/pages/discover.tsx') },
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
  { name: 'myShareScreen', segment: 'my-share-screen', level: 1, layout: 'person', title: 'share.myTitle', load: () => import('../share/pages/my-share-screen.tsx') },
  { name: 'joinUser', segment: 'join-user', level: 2, layout: 'none', title: 'share.joinUserTitle', load: () => import('../share/pages/join-user.tsx') },
  { name: 'download', segment: 'download', level: 1, layout: 'none', title: 'misc.download.title', public: true, load: () => import('../misc/pages/download.tsx') },
  { name: 'authorizationCode', segment: 'authorization-code', level: 2, layout: 'person', title: 'grant.titles.code', load: () => import('../grant/pages/authorization-code.tsx') },
  { name: 'authorizationManager', segment: 'authorization-manager', level: 1, layout: 'person', title: 'grant.titles.manager', load: () => import('../grant/pages/authorization-manager.tsx') },
  { name: 'useAuthorizationCode', segment: 'use-authorization-code', level: 2, layout: 'code', title: 'grant.titles.use', load: () => import('../grant/pages/use-authorization-code.tsx') },
  { name: 'authorizedDevice', segment: 'authorized-device', level: 1, layout: 'person', title: 'grant.titles.devices', load: () => import('../grant/pages/authorized-device.tsx') },
  { name: 'transferDevice', segment: 'transfer-device', level: 2, layout: 'device', title: 'transfer.deviceTitle', load: () => import('../transfer/pages/transfer-device.tsx') },
  { name: 'fileUpload', segment: 'file-upload', level: 2, layout: 'device', title: 'files.title', load: () => import('../files/pages/file-upload.tsx') },
  { name: 'transferList', segment: 'transfer-list', level: 2, layout: 'person', title: 'transfer.listTitle', load: () => import('../transfer/pages/transfer-list.tsx') },
  { name: 'appManager', segment: 'app-manager', level: 2, layout: 'person', title: 'apps.title', load: () => import('../apps/pages/app-manager.tsx') },
  { name: 'groupControl', segment: 'group-control', level: 2, layout: 'phone', title: 'sync.title', load: () => import('../sync/pages/group-control.tsx') },
  { name: 'changePhone', segment: 'change-phone', level: 2, layout: 'person', title: 'replace.title', load: () => import('../replace/pages/change-phone.tsx') },
  { name: 'phoneCheck', segment: 'phone-check', level: 2, layout: 'person', title: 'phoneCheck.title', load: () => import('../phone-check/pages/phone-check.tsx') },
  { name: 'cloneTemplate', segment: 'clone-template', level: 2, layout: 'person', title: 'clones.templatesTitle', load: () => import('../clones/pages/clone-template.tsx') },
  { name: 'clonePhone', segment: 'clone-phone', level: 2, layout: 'person', title: 'clones.cloneTitle', load: () => import('../clones/pages/clone-phone.tsx') },
  { name: 'newMachine', segment: 'new-machine', level: 2, layout: 'person', title: 'newMachine.title', load: () => import('../new-machine/pages/new-machine.tsx') },
  { name: 'newMachineRecord', segment: 'new-machine-record', level: 3, layout: 'person', title: 'newMachine.recordTitle', load: () => import('../new-machine/pages/new-machine-record.tsx') },
  { name: 'messageCenter', segment: 'message-center', level: 1, layout: 'person', title: 'messages.title', load: () => import('../messages/pages/message-center.tsx') },
  { name: 'messageDetaile', segment: 'message-detaile', level: 2, layout: 'message', title: 'messages.detailTitle', load: () => import('../messages/pages/message-detaile.tsx') },
  // Content pages (src/content/): layout none as in spec §2; each draws its own header (single-page titles it with the page's own title).
  { name: 'aiTutorial', segment: 'ai-tutorial', level: 1, layout: 'none', title: 'content.tutorialTitle', load: () => import('../content/pages/ai-tutorial.tsx') },
  { name: 'sdkGuide', segment: 'sdk-guide', level: 2, layout: 'none', title: 'content.sdkTitle', load: () => import('../content/pages/single-page.tsx') },
  { name: 'gameList', segment: 'game-list', level: 1, layout: 'none', title: 'content.gamesTitle', load: () => import('../content/pages/game-list.tsx') },
  { name: 'singlePage', segment: 'single-page', level: 2, layout: 'none', title: 'content.pageTitle', load: () => import('../content/pages/single-page.tsx') },
  { name: 'homeGuide', segment: 'home-guide', level: 1, layout: 'none', title: 'guide.title', load: () => import('../guide/pages/home-guide.tsx') },
  { name: 'installPwa', segment: 'install-pwa', level: 2, layout: 'none', title: 'install.title', public: true, load: () => import('../install/pages/install-pwa.tsx') },
  // The assistant (src/assistant/): layout ai as in spec §2; its sources open single-page, one level deeper.
  { name: 'aiAssistant', segment: 'ai-assistant', level: 1, layout: 'ai', title: 'assistant.title', load: () => import('../assistant/pages/ai-assistant.tsx') },
  // The network check (src/network-check/): both lines measured over the stream's transport; offered from phone-view too.
  { name: 'networkCheck', segment: 'network-check', level: 2, layout: 'person', title: 'networkCheck.title', load: () => import('../network-check/pages/network-check.tsx') },
  // The invite poster (src/invite/): a page the spec's route list does not name (docs/decisions.md "Invite poster").
  { name: 'invitePoster', segment: 'invite-poster', level: 2, layout: 'person', title: 'invite.title', load: () => import('../invite/pages/invite-poster.tsx') },
] as const satisfies readonly RouteEntry[];
