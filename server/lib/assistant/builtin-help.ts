import type { HelpPassage } from './passages.ts';

// Short help texts in both languages, the assistant's default grounding until the help pages come from the content
// store. Page ids 9001+ stay clear of real content pages.

type Entry = { pageId: number; kind: string; en: [string, string]; zh: [string, string] };

const ENTRIES: Entry[] = [
  { pageId: 9001, kind: 'guide', en: ['How to buy a cloud phone', 'Open the shop, choose a grade and a duration, pick how many phones you want, then pay. The new phones appear in your device list once the payment succeeds. A coupon can be applied before paying.'], zh: ['如何购买云手机', '打开商城，选择等级和时长，选择购买数量，然后支付。支付成功后，新的云手机会出现在设备列表中。支付前可以使用优惠券。'] },
  { pageId: 9002, kind: 'guide', en: ['How to renew a cloud phone', 'Select the phone in your device list and choose Renew, or renew several phones at once from the batch menu. Choose the duration and pay. The new time is added to the remaining time; an expired phone must be renewed before it can be used.'], zh: ['如何续费云手机', '在设备列表中选择云手机并点击续费，也可以在批量菜单中一次续费多台。选择时长后支付。续费时长会叠加到剩余时间上；已过期的设备需要续费后才能使用。'] },
  { pageId: 9003, kind: 'guide', en: ['Activation codes and redeem codes', 'An activation code creates a new cloud phone or renews one: enter it on the activation code page. A redeem code gives a coupon or credit. Each code can be used once; a used or expired code is refused.'], zh: ['激活码与兑换码', '激活码可以开通新的云手机或为已有云手机续费：在激活码页面输入即可。兑换码可兑换优惠券或额度。每个码只能使用一次，已使用或已过期的码无法使用。'] },
  { pageId: 9004, kind: 'guide', en: ['Opening and controlling a phone', 'Tap a phone in the device list to open its screen. Touch and swipe work as on a real phone; the bar gives home, back, recent apps, volume, screenshots, the clipboard and the picture quality. You can restart or reset the phone from its menu.'], zh: ['打开与控制云手机', '在设备列表中点击云手机即可打开画面。点击和滑动与真实手机一样；工具栏提供主页、返回、多任务、音量、截图、剪贴板和画质设置。可以在菜单中重启或重置云手机。'] },
  { pageId: 9005, kind: 'faq', en: ['The screen is black, frozen or stuttering', 'Streaming problems usually come from the network. Lower the picture quality, switch between Wi-Fi and mobile data, or try the other line on the network check page. If the screen stays black, restart the phone from its menu; contact support if it still fails.'], zh: ['画面黑屏、卡住或卡顿', '串流问题通常与网络有关。请降低画质，在 Wi-Fi 和移动数据之间切换，或在网络检测页面尝试另一条线路。如果持续黑屏，请在菜单中重启云手机；仍无法解决请联系客服。'] },
  { pageId: 9006, kind: 'guide', en: ['Sharing a phone by link', 'Choose Share on a phone to create a link. Whoever opens the link can watch the screen, or control it if you allowed control. You can stop sharing at any time, and the link ends when it expires.'], zh: ['通过链接分享云手机', '在云手机上选择分享即可生成链接。打开链接的人可以观看画面，如果你允许控制，还可以操作。你可以随时停止分享，链接到期后自动失效。'] },
  { pageId: 9007, kind: 'guide', en: ['Granting a phone to another account', 'A grant lends a phone to another account for a number of days: create a grant code and give it to the other person, who enters it to receive the phone. You keep ownership and can take the grant back.'], zh: ['授权云手机给其他账号', '授权可以把云手机借给其他账号使用一定天数：生成授权码并发给对方，对方输入授权码即可获得该云手机。所有权仍属于你，你可以随时收回授权。'] },
  { pageId: 9008, kind: 'guide', en: ['Transferring a phone', 'A transfer gives a phone to another account for good, with its remaining time. Choose Transfer, enter the mobile number of the receiving account and confirm. A transferred phone cannot be taken back.'], zh: ['转移云手机', '转移会把云手机连同剩余时长永久交给另一个账号。选择转移，输入接收账号的手机号并确认。转移后无法撤回。'] },
  { pageId: 9009, kind: 'guide', en: ['Uploading and installing apps', 'Upload an .apk file of up to 2 GB from the upload page, choose the phones to install it on, and the app is pushed and installed on each. An interrupted upload continues where it stopped.'], zh: ['上传并安装应用', '在上传页面上传不超过 2GB 的 .apk 文件，选择要安装的云手机，应用会被推送并安装到每台设备上。中断的上传会从中断处继续。'] },
];

export const BUILTIN_HELP: HelpPassage[] = ENTRIES.flatMap(({ pageId, kind, en, zh }) => [
  { pageId, kind, title: en[0], text: en[1], language: 'en-US' as const },
  { pageId, kind, title: zh[0], text: zh[1], language: 'zh-CN' as const },
]);
