import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './zh-CN.ts';

/**
 * Texts of the app shell (src/app: title, offline notice, page errors), keys `app.*`, English; in the first
 * screen's part; typed against the zh-CN twin, so a missing or extra key fails the typecheck.
 */
const appTexts: Translation<typeof zhCN> = {
  app: {
    shell: {
      offlineGame: 'Offline game',
      titleSeparator: ' - ',
      useH5Client: 'Please use an H5 client number',
      chunkFailed: 'The page could not be loaded. Check your network and try again.',
      pageOffline: 'You are offline. This page opens once you are back online.',
      pageCrashed: 'Something went wrong on this page. Please refresh.',
      offline: 'You are offline; showing saved content',
    },
  },
};

export default appTexts;
