import type { NewContentPage } from '../data/content-pages.ts';

/** 中文产品帮助（seed-help.ts 填入品牌名并按租户写入）。 */
export function helpZh(brand: string): NewContentPage[] {
  const img = (name: string) => `/static/help/${name}.svg`;
  return [
    {
      slug: 'buy-renew', kind: 'tutorial', sort: 10, image_url: img('buy'),
      title: '购买与续费云手机',
      summary: '选择套餐、付款，让云手机持续运行。',
      html: `<p>${brand}按天出租云手机。付款确认后，新云手机会立即出现在首页。</p>
<h3>购买</h3><ol><li>打开<strong>购买</strong>页，选择机型和时长。</li><li>如有优惠券可先使用，然后付款。</li><li>新云手机会出现在首页的默认分组中。</li></ol>
<h3>续费</h3><p>在云手机菜单中选择<strong>续费</strong>，或多选后批量续费。续费时长会叠加到剩余时间上；已到期的云手机在短暂的保留期内数据不会丢失。</p>
<p><img src="${img('buy')}" alt="显示剩余时间的云手机卡片"></p>`,
    },
    {
      slug: 'redeem-code', kind: 'tutorial', sort: 20, image_url: img('code'),
      title: '兑换激活码',
      summary: '用激活码开通新云手机或延长时长。',
      html: `<p>激活码可兑换一定时长的云手机，来源包括代理商、活动或您自己的激活码订单。</p>
<ol><li>在首页点击<strong>＋</strong>，选择<strong>激活码</strong>。</li><li>输入或粘贴激活码，多个激活码每行一个。</li><li>选择开通新云手机，或为已有云手机续费。</li></ol>
<p>每个激活码只能使用一次。兑换失败时会提示原因（已使用、已过期或机型不符）。</p>`,
    },
    {
      slug: 'open-control', kind: 'tutorial', sort: 30, image_url: img('phone'),
      title: '打开并控制云手机',
      summary: '触控、按键、输入文字与画质。',
      html: `<p>在首页点击云手机即可打开画面，像真机一样点击和滑动。</p>
<ul><li><strong>按键</strong>：画面下方有返回、主页和最近任务键（可在设置中隐藏）。</li><li><strong>文字</strong>：点击输入框后直接输入；粘贴会把剪贴板内容发送到云手机。</li><li><strong>画质</strong>：自动模式会根据网络调整，也可选择固定清晰度。</li><li><strong>重启、重置</strong>：在云手机菜单中操作。重置会清空云手机。</li></ul>
<p><img src="${img('phone')}" alt="带按键的云手机画面"></p>`,
    },
    {
      slug: 'sharing', kind: 'tutorial', sort: 40, image_url: img('share'),
      title: '分享云手机画面',
      summary: '通过链接让他人观看或控制。',
      html: `<p>分享链接可让他人无需账号即可观看您的云手机，经您允许也可控制。</p>
<ol><li>打开云手机，选择<strong>分享</strong>。</li><li>选择仅观看或可控制，以及链接有效期。</li><li>发送链接。您可随时收回控制权或结束分享。</li></ol>`,
    },
    {
      slug: 'grants', kind: 'tutorial', sort: 50, image_url: img('share'),
      title: '授权给其他账号',
      summary: '把云手机临时借给同事使用。',
      html: `<p>授权会把云手机借给另一个${brand}账号：云手机出现在对方列表中，所有权仍属于您。</p>
<ul><li>选择云手机、对方手机号、权限（观看或控制）和时长。</li><li>您可随时取消授权；云手机被转移时授权也会结束。</li></ul>`,
    },
    {
      slug: 'transfers', kind: 'tutorial', sort: 60, image_url: img('buy'),
      title: '转移云手机',
      summary: '把云手机永久交给另一个账号。',
      html: `<p>转移会把云手机连同数据和剩余时长交给另一个账号，且无法撤销。</p>
<ol><li>选择云手机，点击<strong>转移</strong>。</li><li>输入接收账号的手机号，并用短信验证码确认。</li></ol><p>被转移云手机的分享和授权会结束。</p>`,
    },
    {
      slug: 'uploads', kind: 'tutorial', sort: 70, image_url: img('code'),
      title: '上传文件与安装应用',
      summary: '把图片、文档和 APK 发送到云手机。',
      html: `<p>在<strong>上传</strong>页选择本机文件和目标云手机。APK 会自动安装，其他文件保存在云手机的 Download 目录。</p>
<p>使用其他页面时上传会继续进行，列表会显示每个文件在每台云手机上的进度。</p>`,
    },
    {
      slug: 'new-machine', kind: 'tutorial', sort: 80, image_url: img('phone'),
      title: '一键新机、更换与克隆',
      summary: '更换机型身份、更换硬件或复制云手机。',
      html: `<ul><li><strong>一键新机</strong>为云手机更换机型和身份信息（IMEI、序列号），应用会识别为另一台设备。</li><li><strong>更换云手机</strong>在云手机异常时迁移到其他硬件，可选择是否保留数据。</li><li><strong>克隆</strong>把一台云手机的数据复制到其他云手机；<strong>模板</strong>是保存下来、以后可用于克隆的副本。</li></ul>
<p>以上操作需要几分钟，期间云手机卡片会显示进度，云手机暂不可用。</p>`,
    },
    {
      slug: 'black-screen', kind: 'faq', sort: 10, image_url: img('phone'),
      title: '画面黑屏或卡顿怎么办？',
      summary: '检查网络、调低画质、重新连接，仍不行时重启云手机。',
      html: `<p>画面黑屏或卡顿，多半是网络不稳定，或云手机正忙。请按以下顺序处理：</p>
<ol><li>检查网络：在“我的”中打开<strong>网络检测</strong>，信号弱时请换到 Wi-Fi 或信号更好的位置。</li><li>调低画质：在云手机画面的设置中把画质改为<strong>流畅</strong>，或选择<strong>自动</strong>，让画质随网络调整。</li><li>重新连接：点击画面上的<strong>重新连接</strong>，或返回首页后重新打开云手机。</li><li>仍然黑屏：在云手机菜单中选择<strong>重启</strong>，或使用<strong>云手机检测</strong>查找并修复问题。</li></ol>
<p>以上方法都无效时，请联系客服，并告知云手机名称和出现问题的时间。</p>`,
    },
  ];
}
