/**
 * Spec §8 catalogue: one mapping from a reply (code and server message) to translated text.
 * Our reference server sends the codes of error-codes.ts; another backend may send only a message,
 * so each entry also lists fragments of the wording (English and Chinese) it is recognised by.
 * Read through core/errors.ts, which loads this module (and the texts of its keys) on demand: the first screen
 * has no use for it until a call fails.
 *
 * Core's entries are here; a domain's own replies are entries in its folder (src/shop/errors.ts), which the domain
 * adds to this list with its texts (core/errors-later.ts, registerErrors), so that a domain brings its codes without
 * editing core.
 */
// The codes as a namespace, read member by member: the bundler then keeps only the codes each chunk reads.
import * as C from '../../shared/reply-codes.ts';
import type { ErrorKey } from './errors.ts';

export interface CatalogueEntry {
  key: ErrorKey;
  codes?: number[];
  /** Lower-case fragments of a server message that mean this entry. */
  match?: string[];
  /** Generic system messages carry the "Error code: {code}" prefix (spec §8). */
  prefixed?: boolean;
}

/**
 * Ordered: the first entry whose code or message fragment matches wins, so specific entries come first. The domains'
 * entries follow core's, in the order the domains registered them: a domain cannot change how a message core
 * recognises is described, so its fragments name its own replies only.
 */
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
  { key: 'errors.validityUnder10Minutes', codes: [C.DEVICE_VALIDITY_UNDER_10_MINUTES], match: ['under 10 minutes', 'less than 10 minutes', '不足10分钟', '不足 10 分钟'] },
  { key: 'errors.deviceFault', codes: [C.DEVICE_FAULT], match: ['device malfunction', 'device fault', '设备故障'] },
  { key: 'errors.deviceNotExist', codes: [C.DEVICE_NOT_EXIST], match: ['device does not exist', 'phone does not exist', '设备不存在', '云手机不存在'] },
  { key: 'errors.deviceNotConnected', codes: [C.DEVICE_NOT_CONNECTED], match: ['not connected', '设备未连接'] },
  { key: 'errors.deviceOffline', codes: [C.DEVICE_OFFLINE], match: ['device is offline', 'device offline', '设备离线'] },
  { key: 'errors.deviceMaintenance', codes: [C.DEVICE_MAINTENANCE], match: ['under maintenance', '维护中'] },
  { key: 'errors.deviceReplacing', codes: [C.DEVICE_REPLACING], match: ['being replaced', '更换中'] },
  { key: 'errors.deviceCloning', codes: [C.DEVICE_CLONING], match: ['being cloned', '克隆中'] },
  { key: 'errors.replaceFailed', codes: [C.REPLACE_FAILED], match: ['replacement failed', 'replace failed', '更换失败'] },
  { key: 'errors.deviceMigrated', codes: [C.DEVICE_MIGRATED], match: ['migrated', 'transferred', '已迁移', '已转移'] },
  { key: 'errors.authorizedNoSync', match: ['does not support sync', '不支持同步'] },
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
  { key: 'errors.aiQuestionInvalid', codes: [C.AI_QUESTION_INVALID] },
  { key: 'errors.aiConversationNotExist', codes: [C.AI_CONVERSATION_NOT_EXIST] },
  { key: 'errors.feedbackTypeRequired', codes: [C.FEEDBACK_TYPE_REQUIRED], match: ['choose a feedback type', '请选择反馈类型'] },
  { key: 'errors.feedbackContentRequired', codes: [C.FEEDBACK_CONTENT_REQUIRED], match: ['enter the feedback content', '请输入反馈内容'] },
  { key: 'errors.feedbackContentTooLong', codes: [C.FEEDBACK_CONTENT_TOO_LONG] },
  { key: 'errors.filePushFailed', match: ['push failed', '推送失败'] },
  { key: 'errors.fileInstallFailed', match: ['install failed', '安装失败'] },
  { key: 'errors.voiceTimeout', match: ['recognition timeout', 'recognition timed out', '识别超时'] },
  { key: 'errors.voiceFailed', match: ['recognition failed', '识别失败'] },
  { key: 'errors.voiceNoMicrophone', match: ['microphone', '麦克风'] },
  { key: 'errors.hotkeyOccupied', match: ['hotkey', '快捷键'], prefixed: true },
  { key: 'errors.notSupported', match: ['does not support this function', '不支持该功能'], prefixed: true },
  { key: 'errors.commandException', codes: [C.COMMAND_EXCEPTION], match: ['command execution', '命令执行'], prefixed: true },
  { key: 'errors.restartFailed', codes: [C.RESTART_FAILED], match: ['restart failed', '重启失败'], prefixed: true },
  { key: 'errors.copyFailed', match: ['copy failed', '复制失败'], prefixed: true },
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
