import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './zh-CN.ts';

/**
 * Texts of the 404 page (src/misc), keys `misc.*`, English; in the first screen's part; typed against the zh-CN twin,
 * so a missing or extra key fails the typecheck.
 */
const miscTexts: Translation<typeof zhCN> = {
  misc: {
    notFound: {
      title: 'Page not found',
      message: 'The page does not exist, or the client number is not valid.',
      backHome: 'Back to home',
    },
  },
};

export default miscTexts;
