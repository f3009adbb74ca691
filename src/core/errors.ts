/**
 * Spec §8 catalogue: one mapping from a reply (code and server message) to translated text.
 * Our reference server sends the codes of error-codes.ts; another backend may send only a message,
 * so each entry also lists fragments of the wording (English and Chinese) it is recognised by.
 * Pages show `describeError(e)`; they never invent wording of their own.
 */
import { ErrorCode } from './error-codes.ts';
import { t, type MessageKey } from './i18n/index.ts';

export type ErrorKey = Extract<MessageKey, `errors.${string}`>;

interface CatalogueEntry {
  key: ErrorKey;
  codes?: number[];
  /** Lower-case fragments of a server message that mean this entry. */
  match?: string[];
  /** Generic system messages carry the "Error code: {code}" prefix (spec §8). */
  prefixed?: boolean;
}

const C = ErrorCode;

/** Ordered: the first entry whose code or message fragment matches wins, so specific entries come first. */
export const CATALOGUE: CatalogueEntry[] = [
  { key: 'errors.duplicateRequest', codes: [C.DUPLICATE_REQUEST], match: ['resubmit', '重复提交'] },
  { key: 'errors.clientNotFound', codes: [C.CLIENT_NOT_FOUND], match: ['client does not exist', '客户端不存在'] },
  { key: 'errors.mobileInvalid', codes: [C.MOBILE_INVALID], match: ['phone no is incorrect', 'correct phone number', '手机号不正确', '手机号格式'] },
  { key: 'errors.passwordInvalid', codes: [C.PASSWORD_INVALID], match: ['invalid password', 'password does not meet', '密码无效', '密码不符合'] },
  { key: 'errors.loginFailed', codes: [C.LOGIN_FAILED], match: ['login failed', 'incorrect mobile number or password', '登录失败', '密码错误'], prefixed: true },
  { key: 'errors.trialEnded', codes: [C.TRIAL_ENDED], match: ['trial has ended', '试用已结束'] },
  { key: 'errors.guestNotAllowed', codes: [C.GUEST_NOT_ALLOWED], match: ['needs a registered account', '正式账号'] },
  { key: 'errors.mobileAlreadyBound', codes: [C.MOBILE_ALREADY_BOUND], match: ['already bound', '已绑定其他账号'] },
  { key: 'errors.mobileChangeTooSoon', codes: [C.MOBILE_CHANGE_TOO_SOON], match: ['changed again after', '30 天内', '30天内'] },
  { key: 'errors.oldPasswordWrong', codes: [C.OLD_PASSWORD_WRONG], match: ['current password is incorrect', '当前密码不正确', '原密码错误'] },
  { key: 'errors.inviteCodeInvalid', codes: [C.INVITE_CODE_INVALID], match: ['invite code is not valid', '邀请码无效'] },
  { key: 'errors.inviteNotAllowed', codes: [C.INVITE_NOT_ALLOWED], match: ['cannot enter an invite code', '不能填写邀请码'] },
  { key: 'errors.nameInvalid', codes: [C.NAME_INVALID] },
  { key: 'errors.accountNotFound', codes: [C.ACCOUNT_NOT_FOUND], match: ['no account uses', '尚未注册', '未注册'] },
  { key: 'errors.accountExpired', codes: [C.ACCOUNT_EXPIRED], match: ['account information expired', '账号信息已过期'], prefixed: true },
  { key: 'errors.codeWrong', codes: [C.SMS_CODE_WRONG, C.SMS_CODE_INVALID], match: ['code is incorrect', 'wrong verification code', 'code is wrong', '验证码错误', '验证码不正确'] },
  { key: 'errors.codeExpired', codes: [C.SMS_CODE_EXPIRED], match: ['code has expired', 'code expired', '验证码已过期', '验证码已失效'] },
  { key: 'errors.codeSendFailed', codes: [C.SMS_SEND_FAILED], match: ['failed to send', 'send failed', '发送失败'] },
  { key: 'errors.tooFrequent', codes: [C.SMS_SEND_TOO_FREQUENT, C.TOO_MANY_REQUESTS], match: ['operate frequently', 'too frequent', '频繁'], prefixed: true },
  { key: 'errors.deviceBusy', codes: [C.DEVICE_BUSY], match: ['device is operating', '设备操作中'] },
  { key: 'errors.deviceExpired', codes: [C.DEVICE_EXPIRED], match: ['device has expired', '设备已过期'] },
  { key: 'errors.batchLimit', codes: [C.BATCH_LIMIT_EXCEEDED], match: ['devices at once', '台设备'] },
  { key: 'errors.resolutionInvalid', codes: [C.RESOLUTION_INVALID] },
  { key: 'errors.groupNotExist', codes: [C.GROUP_NOT_EXIST], match: ['group does not exist', '分组不存在'] },
  { key: 'errors.groupDefaultImmutable', codes: [C.GROUP_DEFAULT_IMMUTABLE], match: ['default group cannot', '默认分组不能'] },
  { key: 'errors.groupNameDuplicate', codes: [C.GROUP_NAME_DUPLICATE], match: ['group name already', '分组名称已存在'] },
  { key: 'errors.stockInsufficient', codes: [C.STOCK_INSUFFICIENT], match: ['stock insufficient', 'insufficient stock', '库存不足，请联系'] },
  { key: 'errors.upgradeTooShort', codes: [C.UPGRADE_REMAINING_TOO_SHORT], match: ['at least 1 day remaining'] },
  { key: 'errors.upgradeTooLong', codes: [C.UPGRADE_TOO_LONG], match: ['upgraded duration must be under 999 days'] },
  { key: 'errors.renewTooLong', codes: [C.RENEW_TOO_LONG], match: ['renewed validity must be under 999 days'] },
  { key: 'errors.upgradeNotHigher', codes: [C.UPGRADE_NOT_HIGHER] },
  { key: 'errors.upgradeAuthorized', codes: [C.UPGRADE_AUTHORIZED] },
  { key: 'errors.packageNotExist', codes: [C.PACKAGE_NOT_EXIST] },
  { key: 'errors.quantityInvalid', codes: [C.QUANTITY_INVALID] },
  { key: 'errors.orderNotExist', codes: [C.ORDER_NOT_EXIST] },
  { key: 'errors.orderStateInvalid', codes: [C.ORDER_STATE_INVALID] },
  { key: 'errors.orderAlreadyPaid', codes: [C.ORDER_ALREADY_PAID] },
  { key: 'errors.paymentMethodInvalid', codes: [C.PAYMENT_METHOD_INVALID] },
  { key: 'errors.codeCountMismatch', codes: [C.CODE_COUNT_MISMATCH], match: ['number of codes must equal'] },
  { key: 'errors.codeFormatInvalid', codes: [C.CODE_FORMAT_INVALID] },
  { key: 'errors.redeemCodeInvalid', codes: [C.REDEEM_CODE_INVALID], match: ['redeem code is'] },
  { key: 'errors.redeemCodeUsed', codes: [C.REDEEM_CODE_USED] },
  { key: 'errors.validityUnder10Minutes', codes: [C.DEVICE_VALIDITY_UNDER_10_MINUTES], match: ['under 10 minutes', 'less than 10 minutes', '不足10分钟', '不足 10 分钟'] },
  { key: 'errors.remainingTimeInsufficient', codes: [C.REMAINING_TIME_INSUFFICIENT], match: ['remaining time insufficient', 'insufficient remaining', '剩余时间不足'] },
  { key: 'errors.deviceFault', codes: [C.DEVICE_FAULT], match: ['device malfunction', 'device fault', '设备故障'] },
  { key: 'errors.deviceNotExist', codes: [C.DEVICE_NOT_EXIST], match: ['device does not exist', 'phone does not exist', '设备不存在', '云手机不存在'] },
  { key: 'errors.deviceNotConnected', codes: [C.DEVICE_NOT_CONNECTED], match: ['not connected', '设备未连接'] },
  { key: 'errors.deviceOffline', codes: [C.DEVICE_OFFLINE], match: ['device is offline', 'device offline', '设备离线'] },
  { key: 'errors.deviceMaintenance', codes: [C.DEVICE_MAINTENANCE], match: ['under maintenance', '维护中'] },
  { key: 'errors.deviceReplacing', codes: [C.DEVICE_REPLACING], match: ['being replaced', '更换中'] },
  { key: 'errors.deviceMigrated', codes: [C.DEVICE_MIGRATED], match: ['migrated', 'transferred', '已迁移', '已转移'] },
  { key: 'errors.deviceCloning', match: ['being cloned', '克隆中'] },
  { key: 'errors.replaceFailed', match: ['replacement failed', 'replace failed', '更换失败'] },
  { key: 'errors.authorizedNoSync', match: ['does not support sync', '不支持同步'] },
  { key: 'errors.activationNotExist', match: ['activation code does not exist', '激活码不存在'] },
  { key: 'errors.activationExpired', match: ['activation code has expired', 'activation code expired', '激活码已过期'] },
  { key: 'errors.activationAlreadyActivated', match: ['already activated', '已被激活', '已激活'] },
  { key: 'errors.activationSpecMismatch', match: ['specification mismatch', 'spec mismatch', '规格不匹配'] },
  { key: 'errors.activationNotBound', codes: [C.ACTIVATION_NOT_BOUND], match: ['not bound to a cloud phone', '未绑定云手机'] },
  { key: 'errors.activationRenewalOnly', codes: [C.ACTIVATION_RENEWAL_ONLY], match: ['renewal only', '仅支持续费'] },
  { key: 'errors.activationPurchaseOnly', codes: [C.ACTIVATION_PURCHASE_ONLY], match: ['purchase only', '仅支持购买'] },
  { key: 'errors.activationNoStock', match: ['no stock', '无库存'] },
  { key: 'errors.streamNotAssigned', match: ['not assigned to user', '未分配给'] },
  { key: 'errors.streamInstanceNotExist', match: ['instance does not exist', '实例不存在'] },
  { key: 'errors.streamConfigError', match: ['stream configuration error', '串流配置错误'] },
  { key: 'errors.streamReconnectFailed', match: ['reconnect failed', '重连失败'] },
  { key: 'errors.streamConnectionLost', match: ['connection lost', '连接已断开'] },
  { key: 'errors.streamUnsupported', match: ['does not support the stream', 'not support stream', '不支持串流'] },
  { key: 'errors.streamPaused', match: ['playback paused', '播放已暂停'] },
  { key: 'errors.resolutionFailed', match: ['resolution setting failed', '分辨率设置失败'] },
  { key: 'errors.screenshotFailed', match: ['screenshot failed', '截图失败'] },
  { key: 'errors.exitFailed', match: ['exit failed', '退出失败'] },
  { key: 'errors.fileDownloadInterrupted', match: ['download interrupted', '下载中断'] },
  { key: 'errors.fileTooLarge', match: ['exceeds 2gb', '超过2g', '超过 2gb'] },
  { key: 'errors.fileTooMany', match: ['more than 3 files', '最多选择3', '最多选择 3'] },
  { key: 'errors.fileUploadTimeout', match: ['upload timeout', '上传超时'] },
  { key: 'errors.fileSha512Failed', match: ['sha512'] },
  { key: 'errors.fileUploadModeFailed', match: ['upload mode', '上传方式'] },
  { key: 'errors.fileIdFailed', match: ['file id', '文件id', '文件 id'] },
  { key: 'errors.fileRelationFailed', match: ['file relation', '文件关联'] },
  { key: 'errors.filePushFailed', match: ['push failed', '推送失败'] },
  { key: 'errors.fileInstallFailed', match: ['install failed', '安装失败'] },
  { key: 'errors.voiceTimeout', match: ['recognition timeout', 'recognition timed out', '识别超时'] },
  { key: 'errors.voiceFailed', match: ['recognition failed', '识别失败'] },
  { key: 'errors.voiceNoMicrophone', match: ['microphone', '麦克风'] },
  { key: 'errors.couponUnavailable', codes: [C.COUPON_UNAVAILABLE], match: ['coupon', '优惠券'] },
  { key: 'errors.shareRoomFull', match: ['room is full', '房间已满'] },
  { key: 'errors.shareBlocked', match: ['currently blocked', '已被屏蔽'] },
  { key: 'errors.shareEnded', match: ['interaction has ended', '互动已结束'] },
  { key: 'errors.hotkeyOccupied', match: ['hotkey', '快捷键'], prefixed: true },
  { key: 'errors.notSupported', match: ['does not support this function', '不支持该功能'], prefixed: true },
  { key: 'errors.commandException', codes: [C.COMMAND_EXCEPTION], match: ['command execution', '命令执行'], prefixed: true },
  { key: 'errors.restartFailed', codes: [C.RESTART_FAILED], match: ['restart failed', '重启失败'], prefixed: true },
  { key: 'errors.copyFailed', match: ['copy failed', '复制失败'], prefixed: true },
  { key: 'errors.paymentFailed', match: ['payment failed', '支付失败'], prefixed: true },
  { key: 'errors.tokenFetchFailed', codes: [C.TOKEN_FETCH_FAILED], match: ['token fetch failed', '获取令牌失败', '获取token失败'], prefixed: true },
  { key: 'errors.noService', codes: [C.SERVICE_UNAVAILABLE], match: ['no service available', '暂无可用服务'], prefixed: true },
  { key: 'errors.authorizationFailed', codes: [C.FORBIDDEN], match: ['authorization failed', '授权失败'], prefixed: true },
  { key: 'errors.loginExpired', codes: [C.UNAUTHORIZED], match: ['login expired', 'log in again', '登录已过期', '重新登录'], prefixed: true },
  { key: 'errors.requestTimeout', codes: [C.TIMEOUT], match: ['request timeout', '请求超时'], prefixed: true },
  { key: 'errors.networkTimeout', codes: [C.GATEWAY_TIMEOUT], match: ['network timeout', '网络超时'], prefixed: true },
  { key: 'errors.networkException', codes: [C.NETWORK], match: ['network exception', 'network error', '网络异常'], prefixed: true },
  { key: 'errors.interfaceNotFound', codes: [C.NOT_FOUND, C.METHOD_NOT_ALLOWED], match: ['interface does not exist', '接口不存在'], prefixed: true },
  { key: 'errors.requestTooLarge', codes: [C.PAYLOAD_TOO_LARGE], match: ['too large', '过大'], prefixed: true },
  { key: 'errors.gatewayError', codes: [C.BAD_GATEWAY], match: ['gateway', '网关'], prefixed: true },
  { key: 'errors.parameterException', codes: [C.BAD_REQUEST], match: ['parameter', '参数'], prefixed: true },
  { key: 'errors.operationFailed', match: ['operation failed', '操作失败'], prefixed: true },
  { key: 'errors.interfaceException', codes: [C.NOT_IMPLEMENTED], match: ['interface exception', '接口异常'], prefixed: true },
  { key: 'errors.systemException', codes: [C.SERVER_ERROR], match: ['system exception', '系统异常'], prefixed: true },
];

/** Any reply the client gave up on: a business code, a transport failure, or a client-side refusal. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    /** The server's own message, kept for the log and for unknown codes. */
    readonly serverMessage = '',
    /** A throttled reply's wait (its data.retryAfterSeconds or Retry-After header), in whole seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(serverMessage || `code ${code}`);
    this.name = 'ApiError';
  }
}

export function findEntry(code: number, message = ''): CatalogueEntry | undefined {
  const byCode = CATALOGUE.find((entry) => entry.codes?.includes(code));
  if (byCode) return byCode;
  const text = message.toLowerCase();
  if (!text) return undefined;
  return CATALOGUE.find((entry) => entry.match?.some((fragment) => text.includes(fragment)));
}

/** Entries with a variant that says how long to wait, used when the reply gave a wait. */
const WITH_WAIT: Partial<Record<ErrorKey, ErrorKey>> = { 'errors.tooFrequent': 'errors.tooFrequentWait' };

/** Translated, user-readable text for a reply code and server message (and the wait a throttled reply asked for). */
export function describe(code: number, message = '', retryAfterSeconds?: number): string {
  const entry = findEntry(code, message);
  if (!entry) {
    // An unknown business error: the server's wording is the best we have, but say which code it was.
    if (message) return `${t('errors.prefix', { code })} ${message}`;
    return `${t('errors.prefix', { code })} ${t(code >= 500 && code < 600 ? 'errors.systemException' : 'errors.operationFailed')}`;
  }
  const waitKey = retryAfterSeconds && retryAfterSeconds > 0 ? WITH_WAIT[entry.key] : undefined;
  const text = waitKey ? t(waitKey, { seconds: Math.ceil(retryAfterSeconds!) }) : t(entry.key);
  return entry.prefixed ? `${t('errors.prefix', { code })} ${text}` : text;
}

/** Text for anything a call can throw. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return describe(error.code, error.serverMessage, error.retryAfterSeconds);
  return describe(ErrorCode.SERVER_ERROR);
}

/**
 * For a call whose failure the catalogue names (spec §8 "token fetch failed"): an error with a meaning of its own
 * (a device fault, a phone not connected) is shown as itself; a generic one (network, timeout, gateway, system, an
 * unknown code: the prefixed entries) is shown as `fallback`, after the code that happened.
 */
export function describeFailure(error: unknown, fallback: ErrorKey): string {
  if (!(error instanceof ApiError)) return t(fallback);
  const entry = findEntry(error.code, error.serverMessage);
  if (entry && !entry.prefixed) return describeError(error);
  return `${t('errors.prefix', { code: error.code })} ${t(fallback)}`;
}

/**
 * Spec §8 for the boot and user-info calls: a red notice with the server's own message, or the
 * translated system-exception text when it sent none, after the code that happened (an HTML 502 from a
 * proxy says 502). Client-side failures (negative codes) have no server message, so they get their catalogue text.
 */
export function describeServerMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return describe(ErrorCode.SERVER_ERROR);
  if (error.code < 0) return describe(error.code);
  if (error.serverMessage) return `${t('errors.prefix', { code: error.code })} ${error.serverMessage}`;
  return `${t('errors.prefix', { code: error.code })} ${t('errors.systemException')}`;
}
