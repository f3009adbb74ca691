/**
 * The title of each page whose header shows while the page itself could not load (offline), Simplified Chinese:
 * keyed by route name, for the pages whose title is in a text part of their own (a failed page never loaded it).
 * The failure view's header reads `app.pageTitles.<route>` when the route's own title key has no text
 * (src/app/route-view.tsx). It travels in the shell's idle part (src/app/idle/texts/), which every session loads once
 * its first page is idle and the service worker precaches, so the first screen does not carry it. Each entry is the
 * wording of the route's own title, copied from its domain's table: change both together.
 */
const pageTitles = {
  forgetPassword: '找回密码',
  rechargePhone: '批量续费',
  rechargeSinglePhone: '续费',
  upgradeSelectPhone: '选择升级设备',
  upgradePhone: '升级云手机',
  payment: '支付订单',
  payResult: '支付结果',
  activationCode: '激活码',
  addCode: '激活新云手机',
  renewCode: '激活码续费',
  codeRecord: '使用记录',
  orderList: '我的订单',
  myShareScreen: '我的屏幕分享',
  authorizationCode: '授权设备',
  authorizationManager: '授权管理',
  useAuthorizationCode: '使用授权码',
  authorizedDevice: '被授权设备',
  transferDevice: '转移云手机',
  fileUpload: '上传文件',
  transferList: '转移记录',
  appManager: '应用管理',
  groupControl: '群控',
  changePhone: '更换云手机',
  phoneCheck: '云手机检测',
  cloneTemplate: '克隆模板',
  clonePhone: '克隆',
  newMachine: '新机',
  newMachineRecord: '新机记录',
  messageCenter: '消息中心',
  messageDetaile: '消息详情',
  aiAssistant: 'AI 助手',
  networkCheck: '网络检测',
  invitePoster: '邀请好友',
};

export default pageTitles;
