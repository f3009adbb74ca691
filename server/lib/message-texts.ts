import type { MessageCategory } from '../../shared/contract/message-words.ts';

// The templates of the server's messages, in both languages (migration 024 stores both). Parameters are escaped
// before they enter the HTML: a phone's or file's name is the user's own text.

export interface MessageParams {
  welcome: Record<string, never>;
  notice: Record<string, never>;
  aiWelcome: Record<string, never>;
  orderPaid: { orderNo: string; type: 'buy' | 'renew' | 'upgrade' };
  transferReceived: { count: number; from: string };
  grantReceived: { phoneName: string; days: number };
  shareEnded: { phoneName: string };
  uploadInstalled: { fileName: string; installed: number; total: number };
  expiringSoon: { phoneName: string; hours: number };
}
export type MessageKind = keyof MessageParams;

interface Texts {
  title: string;
  summary: string;
  /** Paragraphs or list items as HTML (already escaped where they carry a parameter). */
  content: string;
}
type Template<P> = (p: P) => { zh: Texts; en: Texts };

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
const p = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');
/** An English count with its noun agreeing: 1 day, 3 days. */
const plural = (count: number | string, noun: string) => `${count} ${noun}${Number(count) === 1 ? '' : 's'}`;
const phones = (count: number | string) => plural(count, 'cloud phone');

const ORDER_TYPE = {
  buy: { zh: '购买', en: 'purchase' },
  renew: { zh: '续费', en: 'renewal' },
  upgrade: { zh: '升级', en: 'upgrade' },
} as const;

const TEMPLATES: { [K in MessageKind]: { category: MessageCategory; texts: Template<MessageParams[K]> } } = {
  welcome: {
    category: 'system',
    texts: () => ({
      zh: { title: '欢迎使用云手机', summary: '开始使用前，请先了解这几件事。', content: `${p('感谢注册！您可以：')}<ul><li>在首页查看和控制您的云手机</li><li>在商城购买或续费云手机</li><li>通过授权或转移与他人共享云手机</li></ul>` },
      en: { title: 'Welcome to your cloud phones', summary: 'A few things to know before you start.', content: `${p('Thanks for signing up! You can:')}<ul><li>see and control your cloud phones on the home page</li><li>buy or renew cloud phones in the shop</li><li>share cloud phones with others by grants or transfers</li></ul>` },
    }),
  },
  notice: {
    category: 'system',
    texts: () => ({
      zh: { title: '系统维护通知', summary: '每周日凌晨 2:00–4:00 进行例行维护。', content: p('为提供更稳定的服务，我们会在<strong>每周日凌晨 2:00–4:00</strong>进行例行维护。', '维护期间部分云手机可能短暂不可用，敬请谅解。') },
      en: { title: 'Scheduled maintenance', summary: 'Routine maintenance every Sunday 2:00–4:00.', content: p('To keep the service stable, routine maintenance runs <strong>every Sunday from 2:00 to 4:00</strong>.', 'Some cloud phones may be briefly unavailable meanwhile. Thank you for your patience.') },
    }),
  },
  aiWelcome: {
    category: 'ai',
    texts: () => ({
      zh: { title: 'AI 助手', summary: '您好，我是您的 AI 助手。', content: p('您好，我是您的 AI 助手。', '以后我会在这里给您留言：使用提示、问题的解答和提醒。') },
      en: { title: 'AI assistant', summary: "Hello, I'm your AI assistant.", content: p("Hello, I'm your AI assistant.", "I'll leave you notes here: tips, answers to your questions and reminders.") },
    }),
  },
  orderPaid: {
    category: 'system',
    texts: ({ orderNo, type }) => ({
      zh: { title: '订单支付成功', summary: `订单 ${orderNo}（${ORDER_TYPE[type].zh}）已支付。`, content: p(`您的${ORDER_TYPE[type].zh}订单 <strong>${escape(orderNo)}</strong> 已支付成功。`, '可在订单列表中查看详情。') },
      en: { title: 'Order paid', summary: `Order ${orderNo} (${ORDER_TYPE[type].en}) is paid.`, content: p(`Your ${ORDER_TYPE[type].en} order <strong>${escape(orderNo)}</strong> is paid.`, 'See its details in your order list.') },
    }),
  },
  transferReceived: {
    category: 'system',
    texts: ({ count, from }) => ({
      zh: { title: '收到转移的云手机', summary: `${from} 向您转移了 ${count} 台云手机。`, content: p(`账号 <strong>${escape(from)}</strong> 向您转移了 ${count} 台云手机，已放入默认分组。`) },
      en: { title: 'Cloud phones received', summary: `${from} transferred ${phones(count)} to you.`, content: p(`Account <strong>${escape(from)}</strong> transferred ${phones(count)} to you. ${count === 1 ? 'It is' : 'They are'} in your default group.`) },
    }),
  },
  grantReceived: {
    category: 'system',
    texts: ({ phoneName, days }) => ({
      zh: { title: '收到云手机授权', summary: `您获得了 ${phoneName} 的 ${days} 天授权。`, content: p(`您获得了云手机 <strong>${escape(phoneName)}</strong> 的授权，有效期 ${days} 天。`) },
      en: { title: 'Cloud phone granted', summary: `You were granted ${phoneName} for ${plural(days, 'day')}.`, content: p(`You were granted the cloud phone <strong>${escape(phoneName)}</strong> for ${plural(days, 'day')}.`) },
    }),
  },
  shareEnded: {
    category: 'system',
    texts: ({ phoneName }) => ({
      zh: { title: '屏幕共享已结束', summary: `${phoneName} 的屏幕共享已结束。`, content: p(`云手机 <strong>${escape(phoneName)}</strong> 的屏幕共享已结束，观看者已断开。`) },
      en: { title: 'Screen sharing ended', summary: `Screen sharing of ${phoneName} ended.`, content: p(`Screen sharing of the cloud phone <strong>${escape(phoneName)}</strong> ended; its viewers were disconnected.`) },
    }),
  },
  uploadInstalled: {
    category: 'system',
    texts: ({ fileName, installed, total }) => ({
      zh: { title: '文件安装完成', summary: `${fileName} 已安装到 ${installed}/${total} 台云手机。`, content: p(`文件 <strong>${escape(fileName)}</strong> 已安装到 ${installed}/${total} 台云手机。`) },
      en: { title: 'File installed', summary: `${fileName} is installed on ${installed} of ${phones(total)}.`, content: p(`The file <strong>${escape(fileName)}</strong> is installed on ${installed} of ${phones(total)}.`) },
    }),
  },
  expiringSoon: {
    category: 'system',
    texts: ({ phoneName, hours }) => ({
      zh: { title: '云手机即将到期', summary: `${phoneName} 剩余不足 ${hours} 小时。`, content: p(`云手机 <strong>${escape(phoneName)}</strong> 剩余时间不足 ${hours} 小时，请及时续费以免数据丢失。`) },
      en: { title: 'Cloud phone expiring soon', summary: `${phoneName} has less than ${plural(hours, 'hour')} left.`, content: p(`The cloud phone <strong>${escape(phoneName)}</strong> has less than ${plural(hours, 'hour')} left. Renew it in time to keep its data.`) },
    }),
  },
};

export function messageTexts<K extends MessageKind>(kind: K, params: MessageParams[K]): { category: MessageCategory; zh: Texts; en: Texts } {
  const template = TEMPLATES[kind];
  return { category: template.category, ...template.texts(params) };
}
