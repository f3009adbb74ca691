/**
 * Account texts of the first screen (login, agreements), keys `account.*`, Simplified Chinese; in the first screen's
 * part. The password pages' are a part of their own (password-zh-CN.ts); the guest trial's and logout's are in the
 * signed-in app's (zh-CN.ts).
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
      tryFirst: '先试用一下',
    },
    agreement: {
      user: '用户协议',
      privacy: '隐私政策',
      loadFailed: '协议内容加载失败',
    },
  },
};

export default accountPublic;
