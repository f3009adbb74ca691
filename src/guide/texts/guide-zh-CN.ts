/** The first-run guide's texts (src/guide, page home-guide), keys `guide.*`, Simplified Chinese; a part of their own. */
const guideTexts = {
  guide: {
    title: '新手引导',
    stepOf: '第 {{n}} 步，共 {{total}} 步',
    stepsLabel: '引导步骤',
    goToStep: '第 {{n}} 步：{{title}}',
    skip: '跳过',
    next: '下一步',
    back: '上一步',
    done: '完成',
    steps: {
      phones: { title: '您的云手机', text: '首页列出您的每台云手机，轻点一台即可打开并操控它。' },
      add: { title: '添加云手机', text: '点“立即购买”租一台新的云手机，也可以用激活码添加。' },
      discover: { title: '发现', text: '“发现”以它自己的显示方式列出您的云手机，还有可以在上面玩的游戏。' },
      profile: { title: '我的与消息', text: '在“我的”里查看消息、订单和帮助，管理您的账号。' },
    },
  },
};

export default guideTexts;
