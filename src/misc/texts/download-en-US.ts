import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './download-zh-CN.ts';

/** The download page's texts, English; typed against the zh-CN twin, so a missing or extra key fails the typecheck. */
const downloadTexts: Translation<typeof zhCN> = {
  misc: {
    download: {
      title: 'Download and install',
      intro: 'Open this page in your phone browser and add it to the home screen to use it like an app.',
      stepOpen: 'Open this page in the system browser',
      stepShare: 'Tap "Share" or "More" in the browser menu',
      stepAdd: 'Choose "Add to Home Screen"',
      install: 'Add to home screen',
      openWeb: 'Open the web version',
    },
  },
};

export default downloadTexts;
