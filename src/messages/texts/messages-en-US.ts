import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './messages-zh-CN.ts';

const messagesTexts: Translation<typeof zhCN> = {
  messages: {
    title: 'Messages',
    detailTitle: 'Message',
    tabsLabel: 'Message categories',
    tabs: {
      all: 'All',
      ai: 'AI assistant',
      system: 'System',
    },
    unread: '{{count}} unread',
    unreadMark: 'Unread',
    openAssistant: 'Ask the AI assistant',
    readAll: 'Mark all read',
    readAllDone: 'All marked read',
    nothingUnread: 'No unread messages',
    empty: 'No messages yet',
    errors: {
      notExist: 'The message does not exist',
    },
    from: {
      system: 'System message',
      ai: 'AI assistant',
    },
  },
};

export default messagesTexts;
