/**
 * Texts of the app shell (src/app: shell notices, page errors, tab bar), keys `app.*`, Simplified Chinese; in the
 * first screen's part.
 */
const appTexts = {
  app: {
    shell: {
      offlineGame: '单机游戏',
      titleSeparator: ' - ',
      description: '{{name}}：在浏览器里租用、续费和操控云手机',
      descriptionNoName: '在浏览器里租用、续费和操控云手机',
      oldDomain: '当前域名即将到期，请使用新的登录地址：',
      oldDomainNoClient: '当前域名即将到期，请联系客服获取新的访问地址。',
      openNewAddress: '前往新地址',
      useH5Client: '请使用 H5 客户端编号访问',
      chunkFailed: '页面加载失败，请检查网络后重试',
      pageCrashed: '页面出错了，请刷新重试',
      updateReady: '新版本已就绪，正在刷新…',
      updateDeferred: '新版本已就绪，离开当前页面后生效',
      offline: '网络已断开，正在使用离线内容',
    },
    nav: {
      home: '首页',
      discover: '发现',
      profile: '我的',
    },
  },
};

export default appTexts;
