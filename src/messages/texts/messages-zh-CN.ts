/** The message centre's texts (`messages.*`), Chinese: the source every other language is typed against. */
const messagesTexts = {
  messages: {
    title: '消息中心',
    detailTitle: '消息详情',
    tabsLabel: '消息分类',
    tabs: {
      all: '全部',
      ai: 'AI 助手',
      system: '系统',
    },
    unread: '{{count}} 条未读',
    unreadMark: '未读',
    openAssistant: '向 AI 助手提问',
    readAll: '全部已读',
    readAllDone: '已全部标为已读',
    nothingUnread: '没有未读消息',
    empty: '暂无消息',
    errors: {
      notExist: '消息不存在',
    },
    from: {
      system: '系统消息',
      ai: 'AI 助手',
    },
  },
};

export default messagesTexts;
