/** 安装页的文字（`install.*`），简体中文。 */
const installTexts = {
  install: {
    title: '安装应用',
    intro: '将 {{name}} 添加到主屏幕，像应用一样从桌面打开，启动更快，离线也能打开。',
    installed: {
      title: '已安装',
      text: '您正在使用已安装的 {{name}}。',
    },
    prompt: {
      button: '安装到主屏幕',
      accepted: '安装完成，可以从主屏幕打开了',
      dismissed: '已取消安装，随时可以再次安装',
    },
    ios: {
      title: '在 Safari 中添加到主屏幕',
      share: '点按底部工具栏中的“分享”按钮',
      add: '在菜单中选择“添加到主屏幕”',
      confirm: '点按右上角的“添加”',
    },
    webview: {
      title: '请在浏览器中打开',
      text: '当前应用内的浏览器无法安装网页应用。请点按右上角的“…”，选择“在浏览器中打开”，或复制链接后在浏览器中打开。',
      copy: '复制链接',
    },
    menu: {
      title: '通过浏览器菜单安装',
      text: '打开浏览器菜单，选择“安装应用”或“添加到主屏幕”。',
    },
  },
};

export default installTexts;
