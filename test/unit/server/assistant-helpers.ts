import { createParser } from 'eventsource-parser';
import type { AppOptions } from '../../../server/app.ts';
import type { HelpPassage } from '../../../server/lib/assistant/passages.ts';
import { setup } from './helpers.ts';

// Shared by the assistant's server tests: fixture help passages, a signed-in user, and the streamed answer read as
// its events.

export const PASSAGES: HelpPassage[] = [
  { pageId: 'renew', kind: 'guide', language: 'en-US', title: 'Renewing a phone', text: 'Select the phone and choose Renew. Pick the duration and pay. The time is added to what is left.' },
  { pageId: 'black-screen', kind: 'faq', language: 'en-US', title: 'Black or frozen screen', text: 'Lower the picture quality or switch networks. If the screen stays black, restart the phone.' },
  { pageId: 'share-link', kind: 'guide', language: 'en-US', title: 'Sharing by link', text: 'Choose Share to create a link. Whoever opens it can watch the screen.' },
  { pageId: 'renew', kind: 'guide', language: 'zh-CN', title: '续费云手机', text: '选择云手机并点击续费。选择时长后支付。续费时长会叠加到剩余时间上。' },
  { pageId: 'black-screen', kind: 'faq', language: 'zh-CN', title: '黑屏或画面卡住', text: '请降低画质或切换网络。如果持续黑屏，请重启云手机。' },
  { pageId: 'share-link', kind: 'guide', language: 'zh-CN', title: '通过链接分享', text: '选择分享即可生成链接。打开链接的人可以观看画面。' },
];

export interface SseEvent {
  event: string;
  data: any;
}

export async function assistantSetup(overrides: Partial<AppOptions> = {}) {
  const ctx = await setup({ passageSource: async (_tenant, language) => PASSAGES.filter((p) => p.language === language), assistantTokenDelayMs: 0, ...overrides });
  const login = await ctx.passwordLogin();
  const token = login.data.accessToken as string;

  /** `address` is the client address the throttles see (sent as X-Forwarded-For, which setup() trusts). */
  function ask(body: unknown, options: { token?: string; language?: string; address?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'tenant-id': '1', 'content-type': 'application/json', authorization: `Bearer ${options.token ?? token}`, language: options.language ?? 'en-US' };
    if (options.address) headers['x-forwarded-for'] = options.address;
    return Promise.resolve(
      ctx.app.request('/api/ai/chat/ask', {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      }),
    );
  }

  /** Reads the stream's events; `stopAfter` cancels the stream (the user stops the answer) once it returns true. */
  async function events(response: Response, stopAfter?: (events: SseEvent[]) => boolean): Promise<SseEvent[]> {
    const seen: SseEvent[] = [];
    const parser = createParser({ onEvent: (e) => seen.push({ event: e.event ?? 'message', data: JSON.parse(e.data) }) });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (stopAfter?.(seen)) {
        await reader.cancel();
        break;
      }
    }
    return seen;
  }

  return { ...ctx, token, ask, events };
}

export const textOf = (events: SseEvent[]) => events.filter((e) => e.event === 'token').map((e) => e.data.text as string).join('');
