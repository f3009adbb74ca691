/** The signed-in app's tab bar (layouts/app-layouts.tsx), keys `app.nav.*`, Simplified Chinese; in the app part. */
const tabBarTexts = {
  app: {
    nav: {
      home: '首页',
      discover: '发现',
      profile: '我的',
      unread: '{{count}} 条未读消息',
    },
  },
};

export default tabBarTexts;
