import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './page-titles-zh-CN.ts';

/** The pages' titles for the failure view, English (page-titles-zh-CN.ts says which and why). */
const pageTitles: Translation<typeof zhCN> = {
  forgetPassword: 'Reset password',
  rechargePhone: 'Renew phones',
  rechargeSinglePhone: 'Renew',
  upgradeSelectPhone: 'Choose phones to upgrade',
  upgradePhone: 'Upgrade',
  payment: 'Payment',
  payResult: 'Payment result',
  activationCode: 'Activation code',
  addCode: 'Activate new phones',
  renewCode: 'Renew with codes',
  codeRecord: 'Usage records',
  orderList: 'My orders',
  myShareScreen: 'My screen shares',
  authorizationCode: 'Authorize device',
  authorizationManager: 'Authorizations',
  useAuthorizationCode: 'Use authorization code',
  authorizedDevice: 'Authorized devices',
  transferDevice: 'Transfer phones',
  fileUpload: 'Upload files',
  transferList: 'Transfer records',
  appManager: 'App management',
  groupControl: 'Group control',
  changePhone: 'Replace phones',
  phoneCheck: 'Phone check',
  cloneTemplate: 'Clone templates',
  clonePhone: 'Clone',
  newMachine: 'New machine',
  newMachineRecord: 'New machine record',
  messageCenter: 'Messages',
  messageDetaile: 'Message',
  aiAssistant: 'AI assistant',
  networkCheck: 'Network check',
  invitePoster: 'Invite friends',
};

export default pageTitles;
