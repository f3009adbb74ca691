/**
 * Account texts of the first screen (login, password recovery, agreements, guest trial, logout), keys `account.*`,
 * Simplified Chinese; in the first screen's part.
 */
const accountPublic = {
  account: {
    login: {
      smsTab: '验证码登录',
      passwordTab: '密码登录',
      mobile: '手机号',
      mobilePlaceholder: '请输入手机号',
      code: '验证码',
      codePlaceholder: '请输入验证码',
      sendCode: '获取验证码',
      resendIn: '{{seconds}} 秒后重发',
      codeSent: '验证码已发送',
      password: '密码',
      passwordPlaceholder: '请输入 6-20 位字母或数字密码',
      submit: '登录',
      submitting: '登录中…',
      autoRegister: '未注册的手机号验证后将自动注册',
      agreePrefix: '我已阅读并同意',
      and: '和',
      mustAgree: '请先阅读并同意用户协议和隐私政策',
      forgotPassword: '忘记密码？',
      showPassword: '显示密码',
      hidePassword: '隐藏密码',
    },
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
    agreement: {
      user: '用户协议',
      privacy: '隐私政策',
      loadFailed: '协议内容加载失败',
    },
    guest: {
      tryFirst: '先试用一下',
      trialBanner: '试用模式，剩余 {{time}}',
      loginNow: '登录',
      endedTitle: '试用已结束',
      ended: '试用时间已到，请登录后继续使用全部功能。',
      needsAccountTitle: '需要登录',
      needsAccount: '该功能需要登录正式账号，是否现在登录？',
      guestName: '游客',
    },
    logout: {
      title: '退出登录',
      confirm: '确定要退出登录吗？',
    },
  },
};

export default accountPublic;
