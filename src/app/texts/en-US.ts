import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './zh-CN.ts';

/**
 * Texts of the app shell (src/app: shell notices, page errors, tab bar), keys `app.*`, English; in the first
 * screen's part; typed against the zh-CN twin, so a missing or extra key fails the typecheck.
 */
const appTexts: Translation<typeof zhCN> = {
  app: {
    shell: {
      offlineGame: 'Offline game',
      titleSeparator: ' - ',
      description: '{{name}}: rent, renew and control cloud phones in your browser',
      descriptionNoName: 'Rent, renew and control cloud phones in your browser',
      oldDomain: 'This domain is about to expire. Please use the new login address:',
      oldDomainNoClient: 'This domain is about to expire. Please contact customer service for the new address.',
      openNewAddress: 'Go to the new address',
      useH5Client: 'Please use an H5 client number',
      chunkFailed: 'The page could not be loaded. Check your network and try again.',
      pageCrashed: 'Something went wrong on this page. Please refresh.',
      updateReady: 'A new version is ready, refreshing…',
      updateDeferred: 'A new version is ready; it loads when you leave this page',
      offline: 'You are offline; showing saved content',
    },
    nav: {
      home: 'Home',
      discover: 'Discover',
      profile: 'Me',
    },
  },
};

export default appTexts;
