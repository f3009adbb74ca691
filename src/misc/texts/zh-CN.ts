/**
 * Texts of the 404 page (src/misc), keys `misc.*`, Simplified Chinese; in the first screen's part. The download page's
 * are a part of their own (download-zh-CN.ts).
 */
const miscTexts = {
  misc: {
    notFound: {
      title: '页面不存在',
      message: '您访问的页面不存在，或客户端编号无效。',
      backHome: '返回首页',
    },
  },
};

export default miscTexts;
