import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './guide-zh-CN.ts';

/** The first-run guide's texts, keys `guide.*`, English; typed against the zh-CN twin. */
const guideTexts: Translation<typeof zhCN> = {
  guide: {
    title: 'Getting started',
    stepOf: 'Step {{n}} of {{total}}',
    stepsLabel: 'Guide steps',
    goToStep: 'Step {{n}}: {{title}}',
    skip: 'Skip',
    next: 'Next',
    back: 'Back',
    done: 'Done',
    steps: {
      phones: { title: 'Your cloud phones', text: 'Home lists every cloud phone you have: tap one to open it and control it.' },
      add: { title: 'Add a phone', text: 'Tap “Buy now” to rent a new cloud phone, or add one with an activation code.' },
      discover: { title: 'Discover', text: 'Discover lists your phones in a view of its own, and the games you can play on them.' },
      profile: { title: 'Me and messages', text: 'Under Me you find your messages, orders and help, and manage your account.' },
    },
  },
};

export default guideTexts;
