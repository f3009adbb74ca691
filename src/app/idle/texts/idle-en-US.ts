import type { Translation } from '../../../core/i18n/index.ts';
import type zhCN from './idle-zh-CN.ts';
import pageTitles from '../../text-parts/page-titles-en-US.ts';

/** The shell's later texts, English; typed against the zh-CN twin, so a missing or extra key fails the typecheck. */
const idleTexts: Translation<typeof zhCN> = {
  app: {
    pageTitles,
    share: {
      description: '{{name}}: rent, renew and control cloud phones in your browser',
      descriptionNoName: 'Rent, renew and control cloud phones in your browser',
    },
    update: {
      ready: 'A new version is ready, refreshing…',
      deferred: 'A new version is ready; it loads when you leave this page',
    },
    oldDomain: {
      notice: 'This domain is about to expire. Please use the new login address:',
      noClient: 'This domain is about to expire. Please contact customer service for the new address.',
      openNewAddress: 'Go to the new address',
    },
  },
};

export default idleTexts;
