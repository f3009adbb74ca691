const contentTexts = {
  content: {
    tutorialTitle: '帮助与教程',
    tutorialIntro: '云手机常用功能的使用说明。',
    sdkTitle: 'SDK 接入指南',
    gamesTitle: '热门游戏',
    gamesIntro: '适合在云手机上长时间运行的游戏。',
    pageTitle: '帮助文章',
    empty: '暂无内容',
    loadFailed: '内容加载失败',
    retry: '重试',
    notFound: '页面不存在或已下线',
    backToHelp: '返回帮助与教程',
  },
};

export default contentTexts;
