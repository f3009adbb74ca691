import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './content-zh-CN.ts';

const contentTexts: Translation<typeof zhCN> = {
  content: {
    tutorialTitle: 'Help & tutorials',
    tutorialIntro: 'How to use the main features of your cloud phones.',
    sdkTitle: 'SDK guide',
    gamesTitle: 'Popular games',
    gamesIntro: 'Games that suit running around the clock on a cloud phone.',
    pageTitle: 'Help article',
    empty: 'Nothing here yet',
    loadFailed: 'The content could not be loaded',
    retry: 'Retry',
    notFound: 'This page does not exist or was taken down',
    backToHelp: 'Back to help & tutorials',
  },
};

export default contentTexts;
