import { test } from 'uvu';
import * as assert from 'uvu/assert';
import zhCN from '../../../src/app/text-parts/first-screen-zh-CN.ts';
import zhCNApp from '../../../src/app/text-parts/signed-in-zh-CN.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import enUSApp from '../../../src/app/text-parts/signed-in-en-US.ts';
import zhCNShop from '../../../src/shop/texts/shop-zh-CN.ts';
import enUSShop from '../../../src/shop/texts/shop-en-US.ts';
import zhCNStream from '../../../src/phone-view/texts/stream-zh-CN.ts';
import enUSStream from '../../../src/phone-view/texts/stream-en-US.ts';
import zhCNPassword from '../../../src/account/texts/password-zh-CN.ts';
import enUSPassword from '../../../src/account/texts/password-en-US.ts';
import zhCNDownload from '../../../src/misc/texts/download-zh-CN.ts';
import enUSDownload from '../../../src/misc/texts/download-en-US.ts';
import zhCNIdle from '../../../src/app/idle/texts/idle-zh-CN.ts';
import enUSIdle from '../../../src/app/idle/texts/idle-en-US.ts';
import zhCNGrant from '../../../src/grant/texts/grant-zh-CN.ts';
import enUSGrant from '../../../src/grant/texts/grant-en-US.ts';
import zhCNTransfer from '../../../src/transfer/texts/transfer-zh-CN.ts';
import enUSTransfer from '../../../src/transfer/texts/transfer-en-US.ts';
import zhCNReplace from '../../../src/replace/texts/replace-zh-CN.ts';
import enUSReplace from '../../../src/replace/texts/replace-en-US.ts';
import zhCNPhoneCheck from '../../../src/phone-check/texts/phone-check-zh-CN.ts';
import enUSPhoneCheck from '../../../src/phone-check/texts/phone-check-en-US.ts';
import zhCNNetworkCheck from '../../../src/network-check/texts/network-check-zh-CN.ts';
import enUSNetworkCheck from '../../../src/network-check/texts/network-check-en-US.ts';
import zhCNShare from '../../../src/share/texts/share-zh-CN.ts';
import enUSShare from '../../../src/share/texts/share-en-US.ts';
import { SHARE_ERRORS } from '../../../src/share/errors.ts';
import zhCNApps from '../../../src/apps/texts/apps-zh-CN.ts';
import enUSApps from '../../../src/apps/texts/apps-en-US.ts';
import zhCNFiles from '../../../src/files/texts/files-zh-CN.ts';
import enUSFiles from '../../../src/files/texts/files-en-US.ts';
import { FILE_ERRORS } from '../../../src/files/errors.ts';
import zhCNClones from '../../../src/clones/texts/clones-zh-CN.ts';
import enUSClones from '../../../src/clones/texts/clones-en-US.ts';
import { CLONE_ERRORS } from '../../../src/clones/errors.ts';
import zhCNSync from '../../../src/sync/texts/sync-zh-CN.ts';
import enUSSync from '../../../src/sync/texts/sync-en-US.ts';
import { SYNC_ERRORS } from '../../../src/sync/errors.ts';
import zhCNNewMachine from '../../../src/new-machine/texts/new-machine-zh-CN.ts';
import enUSNewMachine from '../../../src/new-machine/texts/new-machine-en-US.ts';
import { NEW_MACHINE_ERRORS } from '../../../src/new-machine/errors.ts';
import zhCNGuide from '../../../src/guide/texts/guide-zh-CN.ts';
import enUSGuide from '../../../src/guide/texts/guide-en-US.ts';
import zhCNAssistant from '../../../src/assistant/texts/assistant-zh-CN.ts';
import enUSAssistant from '../../../src/assistant/texts/assistant-en-US.ts';
import zhCNMessages from '../../../src/messages/texts/messages-zh-CN.ts';
import enUSMessages from '../../../src/messages/texts/messages-en-US.ts';
import zhCNContent from '../../../src/content/texts/content-zh-CN.ts';
import zhCNInstall from '../../../src/install/texts/install-zh-CN.ts';
import enUSInstall from '../../../src/install/texts/install-en-US.ts';
import zhCNInvite from '../../../src/invite/texts/invite-zh-CN.ts';
import enUSInvite from '../../../src/invite/texts/invite-en-US.ts';
import enUSContent from '../../../src/content/texts/content-en-US.ts';
import { installDictionary, locale, t } from '../../../src/core/i18n/index.ts';
import { CATALOGUE } from '../../../src/core/error-catalogue.ts';
import { describe, describeError, describeServerMessage, findEntry, ApiError } from '../../../src/core/errors.ts';
import { registerErrors } from '../../../src/core/errors-later.ts';
import { SHOP_ERRORS } from '../../../src/shop/errors.ts';
import { GRANT_ERRORS } from '../../../src/grant/errors.ts';
import { TRANSFER_ERRORS } from '../../../src/transfer/errors.ts';
import { REPLACE_ERRORS } from '../../../src/replace/errors.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { ERRORS_EN_US, ERRORS_ZH_CN } from '../error-texts.ts';

function flatten(tree: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

/** The lazy parts of the texts, each in both languages. */
const PARTS = {
  core: [zhCN, enUS],
  app: [zhCNApp, enUSApp],
  shop: [zhCNShop, enUSShop],
  stream: [zhCNStream, enUSStream],
  password: [zhCNPassword, enUSPassword],
  download: [zhCNDownload, enUSDownload],
  idle: [zhCNIdle, enUSIdle],
  grant: [zhCNGrant, enUSGrant],
  transfer: [zhCNTransfer, enUSTransfer],
  share: [zhCNShare, enUSShare],
  apps: [zhCNApps, enUSApps],
  sync: [zhCNSync, enUSSync],
  files: [zhCNFiles, enUSFiles],
  replace: [zhCNReplace, enUSReplace],
  phoneCheck: [zhCNPhoneCheck, enUSPhoneCheck],
  networkCheck: [zhCNNetworkCheck, enUSNetworkCheck],
  clones: [zhCNClones, enUSClones],
  newMachine: [zhCNNewMachine, enUSNewMachine],
  guide: [zhCNGuide, enUSGuide],
  assistant: [zhCNAssistant, enUSAssistant],
  messages: [zhCNMessages, enUSMessages],
  content: [zhCNContent, enUSContent],
  install: [zhCNInstall, enUSInstall],
  invite: [zhCNInvite, enUSInvite],
  errors: [ERRORS_ZH_CN, ERRORS_EN_US],
} as const;
const zh = Object.assign({}, ...Object.values(PARTS).map(([zhPart]) => flatten(zhPart))) as Record<string, string>;
const en = Object.assign({}, ...Object.values(PARTS).map(([, enPart]) => flatten(enPart))) as Record<string, string>;

test('no two parts hold the same key (a domain may span parts by section: account)', () => {
  // The loader merges parts domain by domain (src/core/i18n/index.ts): a section split across parts would lose texts.
  const seen = new Set<string>();
  for (const [name, [zhPart]] of Object.entries(PARTS)) {
    for (const [domain, sections] of Object.entries(zhPart)) {
      for (const section of Object.keys(sections)) {
        assert.not.ok(seen.has(`${domain}.${section}`), `${name}: ${domain}.${section}`);
        seen.add(`${domain}.${section}`);
      }
    }
  }
});

test('the first screen\'s part holds what public pages and the shell need, not the app\'s pages', () => {
  for (const section of ['common', 'validate', 'errors', 'app', 'account', 'misc']) assert.ok(section in zhCN, section);
  assert.ok('shell' in zhCN.app, 'app.shell');
  for (const section of ['login', 'agreement']) assert.ok(section in zhCN.account, `account.${section}`);
  assert.ok('notFound' in zhCN.misc, 'misc.notFound');
  // The pages opened from the login screen but not on it bring their own: the password pages', the download page's.
  assert.not.ok('forgetPassword' in zhCN.account, 'account.forgetPassword');
  assert.not.ok('download' in zhCN.misc, 'misc.download');
  // What only signed-in pages show travels with the app's part: the tab bar, the guest trial's banner and end, logout.
  assert.not.ok('nav' in zhCN.app, 'app.nav');
  // What no first screen shows (the share meta, a new version, a retired domain) is a part of its own.
  for (const key of ['updateReady', 'description']) assert.not.ok(key in zhCN.app.shell, `app.shell.${key}`);
  for (const section of ['guest', 'logout']) assert.not.ok(section in zhCN.account, `account.${section}`);
  for (const section of ['devices', 'shop', 'phoneView']) assert.not.ok(section in zhCN, section);
  for (const section of ['profile', 'personal', 'settings']) assert.not.ok(section in zhCN.account, `account.${section}`);
});

test('both languages have the same keys in every part, and no empty text', () => {
  for (const [name, [zhPart, enPart]] of Object.entries(PARTS)) {
    assert.equal(Object.keys(flatten(enPart)).sort(), Object.keys(flatten(zhPart)).sort(), name);
  }
  assert.equal(Object.keys(en).sort(), Object.keys(zh).sort());
  for (const [key, value] of Object.entries({ ...zh, ...en })) assert.ok(value.trim().length > 0, key);
});

test('every top-level key is core (common, validate, errors) or a domain', () => {
  const allowed = ['common', 'validate', 'errors', 'app', 'account', 'misc', 'devices', 'shop', 'phoneView', 'grant', 'transfer', 'share', 'apps', 'sync', 'files', 'replace', 'phoneCheck', 'networkCheck', 'clones', 'newMachine', 'guide', 'assistant', 'messages', 'content', 'install', 'invite'];
  for (const key of Object.keys(zh)) assert.ok(allowed.includes(key.split('.')[0]), key);
});

/** Texts whose languages word a value differently on purpose (the caller passes both parameters). */
const DIFFERENT_PLACEHOLDERS = new Set([
  // Chinese states a discount as 折 (8.5折), English as the percent paid (85%).
  'shop.coupons.discountValue',
]);

test('placeholders match between languages', () => {
  // Each name once: an English text in two forms ("one|other") names its values in both.
  const names = (text: string) => [...new Set(text.match(/\{\{\w+\}\}/g) ?? [])].sort().join();
  for (const key of Object.keys(zh)) if (!DIFFERENT_PLACEHOLDERS.has(key)) assert.is(names(en[key]), names(zh[key]), key);
});

test('every catalogue entry has a translation in both languages', () => {
  // The domains' entries included (error-texts.ts registers them as their texts' modules do).
  for (const entry of [...SHOP_ERRORS, ...GRANT_ERRORS, ...TRANSFER_ERRORS, ...SHARE_ERRORS, ...SYNC_ERRORS, ...FILE_ERRORS, ...REPLACE_ERRORS, ...CLONE_ERRORS, ...NEW_MACHINE_ERRORS]) assert.ok(CATALOGUE.includes(entry), entry.key);
  for (const entry of CATALOGUE) {
    assert.ok(zh[entry.key], `zh-CN ${entry.key}`);
    assert.ok(en[entry.key], `en-US ${entry.key}`);
  }
});

test('no two catalogue entries, core\'s or a domain\'s, name the same code', () => {
  const codes = CATALOGUE.flatMap((entry) => entry.codes ?? []);
  assert.equal(codes.filter((code, at) => codes.indexOf(code) !== at), []);
});

test('a domain\'s entries follow core\'s, once however often they are registered', async () => {
  const length = CATALOGUE.length;
  await registerErrors(SHOP_ERRORS);
  assert.is(CATALOGUE.length, length);
  const first = CATALOGUE.indexOf(SHOP_ERRORS[0]);
  assert.equal(CATALOGUE.slice(first, first + SHOP_ERRORS.length), [...SHOP_ERRORS]);
  assert.ok(CATALOGUE.slice(0, first).every((entry) => entry.key.startsWith('errors.')), 'core\'s come first');
});

test('a domain\'s reply is described in the words of its own part, by code or by message', () => {
  installDictionary('en-US', enUS, ERRORS_EN_US, enUSShop);
  assert.is(describe(ErrorCode.ORDER_ALREADY_PAID), 'The order is already paid');
  assert.is(describe(99, 'This activation code supports renewal only'), 'This activation code supports renewal only');
  assert.is(describe(99, 'Payment failed'), 'Error code: 99 Payment failed');
  // A message core recognises stays core's, whichever domains registered entries after it.
  assert.is(findEntry(99, 'The device does not exist, so no coupon applies')?.key, 'errors.deviceNotExist');
  installDictionary('zh-CN', zhCN, ERRORS_ZH_CN, zhCNShop);
  assert.is(describe(ErrorCode.STOCK_INSUFFICIENT), '该机型库存不足，请联系客服');
});

test("the grants' and the transfers' replies are described in their parts' words, in both languages", () => {
  installDictionary('en-US', enUS, ERRORS_EN_US, enUSGrant, enUSTransfer);
  assert.is(describe(ErrorCode.GRANT_TARGET_NOT_FOUND), 'The account to authorize does not exist');
  assert.is(describe(ErrorCode.TRANSFER_AUTHORIZED), 'An authorized phone cannot be transferred');
  installDictionary('zh-CN', zhCN, ERRORS_ZH_CN, zhCNGrant, zhCNTransfer);
  assert.is(describe(ErrorCode.GRANT_CODE_USED), zhCNGrant.grant.errors.codeUsed);
  assert.is(describe(ErrorCode.TRANSFER_SELF), zhCNTransfer.transfer.errors.self);
});

test("the shares' replies are their part's, by code or by a foreign backend's wording, in both languages", () => {
  installDictionary('en-US', enUS, ERRORS_EN_US, enUSShare);
  assert.is(describe(99, 'The room is full'), 'The room is full');
  assert.is(describe(ErrorCode.SHARE_BLOCKED), 'You are currently blocked');
  assert.is(findEntry(99, 'Screen interaction has ended')?.key, 'share.errors.ended');
  installDictionary('zh-CN', zhCN, ERRORS_ZH_CN, zhCNShare);
  assert.is(describe(99, '房间已满'), zhCNShare.share.errors.roomFull);
  assert.is(describe(ErrorCode.SHARE_ENDED), '屏幕互动已结束');
  assert.is(findEntry(99, '您当前已被屏蔽')?.key, 'share.errors.blocked');
});

test("group control's replies are its part's, by code or by the server's wording, in both languages", () => {
  installDictionary('en-US', enUS, ERRORS_EN_US, enUSSync);
  assert.is(describe(ErrorCode.SYNC_AUTHORIZED), 'Authorized device does not support sync');
  assert.is(findEntry(99, 'The main-control device cannot leave sync')?.key, 'sync.errors.mainCannotLeave');
  installDictionary('zh-CN', zhCN, ERRORS_ZH_CN, zhCNSync);
  assert.is(describe(ErrorCode.SYNC_AUTHORIZED), '授权设备不支持同步');
  assert.is(describe(99, 'Authorized device does not support sync'), zhCNSync.sync.errors.authorized);
});

test('t follows the locale signal and fills placeholders', () => {
  installDictionary('zh-CN', zhCN, ERRORS_ZH_CN);
  installDictionary('en-US', enUS, ERRORS_EN_US);
  assert.is(locale.value, 'en-US');
  assert.is(t('account.login.resendIn', { seconds: 42 }), 'Resend in 42s');
  installDictionary('zh-CN', zhCN, ERRORS_ZH_CN);
  assert.is(t('account.login.resendIn', { seconds: 42 }), '42 秒后重发');
});

test('spec wording: the rule messages of §5 in English', () => {
  installDictionary('en-US', enUS, ERRORS_EN_US);
  assert.is(t('validate.passwordsDiffer'), 'Two consecutive passwords do not match.');
  assert.is(t('validate.mobileInvalid'), 'Please enter a correct phone number');
  assert.is(t('errors.mobileInvalid'), 'Phone no is incorrect!');
  assert.ok(t('validate.passwordInvalid').startsWith('Password does not meet the requirements'));
});

test('known codes map to their translated text; system messages carry the error-code prefix', () => {
  installDictionary('en-US', enUS, ERRORS_EN_US);
  assert.is(describe(ErrorCode.SMS_CODE_WRONG), 'Verification code is incorrect');
  assert.is(describe(ErrorCode.SMS_CODE_EXPIRED), 'Verification code has expired');
  assert.is(describe(ErrorCode.TIMEOUT), 'Error code: -3 Request timed out, please try again later');
  assert.is(describe(ErrorCode.UNAUTHORIZED), 'Error code: 401 Login expired, please log in again');
  assert.is(describe(ErrorCode.DUPLICATE_REQUEST), 'Request in progress, please do not resubmit');
  installDictionary('zh-CN', zhCN, ERRORS_ZH_CN);
  assert.is(describe(ErrorCode.GATEWAY_TIMEOUT), '错误码：504 网络超时');
});

test('a foreign backend\'s message is recognised by its wording, in either language', () => {
  installDictionary('en-US', enUS, ERRORS_EN_US);
  assert.is(findEntry(12345, 'Instance not assigned to user')?.key, 'errors.streamNotAssigned');
  assert.is(findEntry(12345, '设备维护中，请稍后')?.key, 'errors.deviceMaintenance');
  assert.is(describe(99, 'Validity under 10 minutes'), 'Validity under 10 minutes, the device cannot be opened');
});

test('an unknown error keeps the server wording with its code; no message falls back by class', () => {
  installDictionary('en-US', enUS, ERRORS_EN_US);
  assert.is(describe(777, 'Quota reached'), 'Error code: 777 Quota reached');
  assert.is(describe(777), 'Error code: 777 Operation failed');
  assert.is(describe(599), 'Error code: 599 System exception');
  assert.is(describeError(new Error('boom')), 'Error code: 500 System exception');
  assert.is(describeError(new ApiError(ErrorCode.NETWORK, 'x')), 'Error code: -2 Network exception');
});

test('boot and user-info failures show the server message, else the system-exception text', () => {
  installDictionary('en-US', enUS, ERRORS_EN_US);
  assert.is(describeServerMessage(new ApiError(500, 'database unavailable')), 'Error code: 500 database unavailable');
  assert.is(describeServerMessage(new ApiError(500, '')), 'Error code: 500 System exception');
  assert.is(describeServerMessage(new ApiError(ErrorCode.NETWORK, 'TypeError: Failed to fetch')), 'Error code: -2 Network exception');
  assert.is(describeServerMessage(new Error('x')), 'Error code: 500 System exception');
});

test("the replacement's replies are described in its part's words, in both languages", () => {
  installDictionary('en-US', enUS, ERRORS_EN_US, enUSReplace);
  assert.is(describe(ErrorCode.REPLACE_TOO_FREQUENT), 'This phone was replaced too recently');
  assert.is(describe(99, 'The phone has too little time left to be replaced'), 'The phone has too little time left to be replaced');
  installDictionary('zh-CN', zhCN, ERRORS_ZH_CN, zhCNReplace);
  assert.is(describe(ErrorCode.REPLACE_STATUS_NOT_ALLOWED), zhCNReplace.replace.errors.statusNotAllowed);
  assert.is(describe(ErrorCode.REPLACE_FAILED), '更换失败');
  // The files after this one read the dictionary this file leaves: English, as the tests before this one left it.
  installDictionary('en-US', enUS, ERRORS_EN_US);
});

test.run();
