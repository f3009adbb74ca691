/** The download page's texts, keys `misc.download.*`, Simplified Chinese: a part of its own (texts/index.ts). */
const downloadTexts = {
  misc: {
    download: {
      title: '下载与安装',
      intro: '在手机浏览器中打开本页面，添加到主屏幕即可像 App 一样使用。',
      stepOpen: '用系统浏览器打开本页面',
      stepShare: '点击浏览器菜单中的“分享”或“更多”',
      stepAdd: '选择“添加到主屏幕”',
      install: '添加到主屏幕',
      openWeb: '直接打开网页版',
    },
  },
};

export default downloadTexts;
