/**
 * The shell's texts that no first screen shows (the share meta's description, a new version taking over, a domain
 * being retired, the failure view's page titles), keys `app.share.*`, `app.update.*`, `app.oldDomain.*` and
 * `app.pageTitles.*`, Simplified Chinese: a part of their own (texts/index.ts).
 */
import pageTitles from '../../text-parts/page-titles-zh-CN.ts';

const idleTexts = {
  app: {
    pageTitles,
    share: {
      description: '{{name}}：在浏览器里租用、续费和操控云手机',
      descriptionNoName: '在浏览器里租用、续费和操控云手机',
    },
    update: {
      ready: '新版本已就绪，正在刷新…',
      deferred: '新版本已就绪，离开当前页面后生效',
    },
    oldDomain: {
      notice: '当前域名即将到期，请使用新的登录地址：',
      noClient: '当前域名即将到期，请联系客服获取新的访问地址。',
      openNewAddress: '前往新地址',
    },
  },
};

export default idleTexts;
