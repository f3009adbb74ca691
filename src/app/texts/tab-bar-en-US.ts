import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './tab-bar-zh-CN.ts';

/** The signed-in app's tab bar, keys `app.nav.*`, English; in the app part; typed against the zh-CN twin. */
const tabBarTexts: Translation<typeof zhCN> = {
  app: {
    nav: {
      home: 'Home',
      discover: 'Discover',
      profile: 'Me',
      unread: '1 unread message|{{count}} unread messages',
    },
  },
};

export default tabBarTexts;
