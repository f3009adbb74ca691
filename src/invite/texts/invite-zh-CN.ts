/** 邀请海报的文字（`invite.*`），简体中文。 */
const inviteTexts = {
  invite: {
    title: '邀请好友',
    intro: '好友扫码或打开链接注册后，在个人中心填写您的邀请码即可。',
    posterAlt: '{{name}} 邀请海报：邀请码 {{code}} 和邀请链接二维码',
    invites: '{{nickname}} 邀请您加入',
    invited: '好友邀请您加入',
    codeLabel: '邀请码',
    scan: '扫码注册，登录后填写邀请码',
    drawing: '正在生成海报…',
    drawFailed: '海报生成失败，可以复制链接发给好友',
    save: '保存图片',
    share: '分享',
    copyLink: '复制链接',
    linkLabel: '邀请链接',
    shareTitle: '邀请您加入 {{name}}',
    needAccount: '登录后即可邀请好友',
  },
};

export default inviteTexts;
