/**
 * Every page segment the spec names, built or not yet: a one-segment path with one of these is a page, not a client
 * number, and a page whose row is in more-routes.ts is waited for, not sent to 404 (routes.ts). A unit test holds
 * the rows of both files of the route table to this list.
 */
export const KNOWN_SEGMENTS: ReadonlySet<string> = new Set<string>([
  '404', 'about-us', 'activation-code', 'add-code', 'add-phone', 'agreement', 'ai-assistant', 'ai-tutorial',
  'authorization-code', 'authorization-manager', 'authorized-device', 'batch-operation', 'cancel-account',
  'change-phone', 'choose-device', 'code-record', 'discover', 'download', 'forget-password', 'game-list',
  'home-guide', 'install-pwa', 'join-user', 'login', 'manage-group', 'message-center', 'message-detaile',
  'mobile-phone-binding', 'move-phone-to-group', 'my-coupon', 'my-share-screen', 'network-check', 'new-machine',
  'new-machine-record', 'order-list', 'password-manager', 'pay-result', 'payment', 'personal-center', 'phone-check',
  'phone-group-setting', 'phone-view', 'phone-view-switch', 'privacy-agreement', 'profile', 'recharge-phone',
  'recharge-single-phone', 'renew-code', 'sdk-guide', 'share-screen-control', 'single-page', 'system-setting',
  'transfer-device', 'transfer-list', 'upgrade-phone', 'upgrade-select-phone', 'use-authorization-code',
  'user-agreement',
  // Pages of the spec's features that its route list does not name (docs/decisions.md "Routes and navigation"): file
  // upload and install, app batch management, group control (sync mode).
  'file-upload', 'app-manager', 'group-control',
  // Clone templates and clones (docs/decisions.md "Clones and templates").
  'clone-template', 'clone-phone',
  // The invite poster (docs/decisions.md "Invite poster").
  'invite-poster',
]);
