import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './zh-CN.ts';

/**
 * Texts of the 404 and download pages (src/misc), keys `misc.*`, English; in the first screen's part; typed against
 * the zh-CN twin, so a missing or extra key fails the typecheck.
 */
const miscTexts: Translation<typeof zhCN> = {
  misc: {
    notFound: {
      title: 'Page not found',
      message: 'The page does not exist, or the client number is not valid.',
      backHome: 'Back to home',
    },
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

export default miscTexts;
