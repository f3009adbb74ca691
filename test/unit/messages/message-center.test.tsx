import { settle } from '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { configureHttp } from '../../../src/core/http.ts';
import { installDictionary, locale } from '../../../src/core/i18n/index.ts';
import enUS from '../../../src/app/text-parts/first-screen-en-US.ts';
import zhCN from '../../../src/app/text-parts/first-screen-zh-CN.ts';
import enUSMessages from '../../../src/messages/texts/messages-en-US.ts';
import zhCNMessages from '../../../src/messages/texts/messages-zh-CN.ts';
import MessageCenterPage from '../../../src/messages/pages/message-center.tsx';

// The message centre on screen follows a language switch: the server writes titles in the request's language, so
// the list is read again in the new one instead of keeping the titles of the language before.

const TITLES: Record<string, string> = { 'zh-CN': '收到转移的云手机', 'en-US': 'Cloud phones received' };
const asked: string[] = [];

test.before(() => {
  installDictionary('zh-CN', zhCN, zhCNMessages);
  installDictionary('en-US', enUS, enUSMessages);
  configureHttp({
    baseURL: 'http://api.test',
    tokens: () => ({ accessToken: 'token', refreshToken: 'refresh' }),
    headers: () => ({ language: locale.value }),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const language = new Headers(init?.headers).get('language') ?? '';
      if (url.pathname === '/api/message/unread') return new Response(JSON.stringify({ code: 0, data: { all: 1, ai: 0, system: 1 } }));
      asked.push(language);
      const message = { messageId: 1, category: 'system', title: TITLES[language], summary: '', createdAt: 0, read: false };
      return new Response(JSON.stringify({ code: 0, data: { list: [message], total: 1 } }));
    }) as typeof fetch,
  });
});

test('a language switch reads the list again, in the new language', async () => {
  const root = document.createElement('div');
  document.body.append(root);
  render(<MessageCenterPage clientNo="demo" query={new URLSearchParams()} routeName="messageCenter" />, root);
  /** The list's first title once it is `expected` (or what it still is after a while). */
  const title = async (expected: string) => {
    const shown = () => root.querySelector('.msg-item__title')?.textContent;
    for (let i = 0; i < 20 && shown() !== expected; i++) await settle();
    return shown();
  };
  assert.is(await title(TITLES['en-US']!), TITLES['en-US']);
  installDictionary('zh-CN', zhCN, zhCNMessages);
  assert.is(await title(TITLES['zh-CN']!), TITLES['zh-CN']);
  assert.equal(asked, ['en-US', 'zh-CN']);
  render(null, root);
});

test.run();
