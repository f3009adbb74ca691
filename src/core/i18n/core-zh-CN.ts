/**
 * Core texts: shared words (`common.*`), the spec §5 rule messages of shared/validate.ts (`validate.*`) and the error
 * texts a failure needs before the catalogue's own part has loaded (`errors.*`, core/errors.ts), Simplified Chinese.
 */
const coreTexts = {
  common: {
    confirm: '确定',
    cancel: '取消',
    ok: '知道了',
    back: '返回',
    retry: '重试',
    loading: '加载中…',
    loadMore: '加载更多',
    copy: '复制',
    copied: '已复制',
    close: '关闭',
    notice: '提示',
    language: '语言',
  },
  errors: {
    prefix: '错误码：{{code}}',
    networkException: '网络异常',
    operationFailed: '操作失败',
    systemException: '系统异常',
  },
  validate: {
    mobileRequired: '请输入手机号',
    mobileInvalid: '请输入正确的手机号',
    codeRequired: '请输入验证码',
    codeInvalid: '验证码为 4-6 位数字',
    passwordRequired: '请输入密码',
    passwordInvalid: '密码不符合要求（6-20 位字母或数字）',
    passwordsDiffer: '两次输入的密码不一致',
    nameRequired: '名称不能为空',
    nameInvalidCharacters: '名称不能包含控制字符、不可见字符或改变文字方向的字符',
    nameTooLong: '名称不能超过 20 个字符',
  },
};

export default coreTexts;
