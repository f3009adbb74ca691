/**
 * The password pages' texts (recovery, and the change in the personal centre), keys `account.forgetPassword.*`,
 * Simplified Chinese: a part of their own (texts/index.ts), which those two pages wait for.
 */
const passwordTexts = {
  account: {
    forgetPassword: {
      title: '找回密码',
      newPassword: '新密码',
      newPasswordPlaceholder: '请输入 6-20 位字母或数字',
      repeatPassword: '确认新密码',
      repeatPasswordPlaceholder: '请再次输入新密码',
      next: '下一步',
      submit: '重置密码',
      success: '密码已重置，请使用新密码登录',
      stepVerify: '验证手机号',
      stepReset: '设置新密码',
    },
  },
};

export default passwordTexts;
