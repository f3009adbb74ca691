/**
 * Texts of the app shell (src/app: title, offline notice, page errors), keys `app.*`, Simplified Chinese; in the
 * first screen's part.
 */
const appTexts = {
  app: {
    shell: {
      offlineGame: '单机游戏',
      titleSeparator: ' - ',
      useH5Client: '请使用 H5 客户端编号访问',
      chunkFailed: '页面加载失败，请检查网络后重试',
      pageOffline: '网络已断开，联网后将自动打开此页面',
      pageCrashed: '页面出错了，请刷新重试',
      offline: '网络已断开，正在使用离线内容',
    },
  },
};

export default appTexts;
