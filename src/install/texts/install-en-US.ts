import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './install-zh-CN.ts';

/** The install page's texts (`install.*`), English. */
const installTexts: Translation<typeof zhCN> = {
  install: {
    title: 'Install the app',
    intro: 'Add {{name}} to your home screen: open it like an app, start faster, and open it offline too.',
    installed: {
      title: 'Installed',
      text: 'You are using the installed {{name}}.',
    },
    prompt: {
      button: 'Install on the home screen',
      accepted: 'Installed: open it from your home screen',
      dismissed: 'Not installed. You can install it at any time.',
    },
    ios: {
      title: 'Add to Home Screen in Safari',
      share: 'Tap the Share button in the toolbar',
      add: 'Choose "Add to Home Screen" in the menu',
      confirm: 'Tap "Add" in the top corner',
    },
    webview: {
      title: 'Open this page in your browser',
      text: 'The browser inside this app cannot install web apps. Tap "…" in the top corner and choose "Open in browser", or copy the link and open it in your browser.',
      copy: 'Copy link',
    },
    menu: {
      title: 'Install from the browser menu',
      text: 'Open your browser\'s menu and choose "Install app" or "Add to Home screen".',
    },
  },
};

export default installTexts;
