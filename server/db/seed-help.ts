import { insertContentPage, type NewContentPage } from '../data/content-pages.ts';
import type { Db, Language } from '../lib/types.ts';
import { helpEn } from './seed-help-en.ts';
import { helpZh } from './seed-help-zh.ts';

// Content pages of the seed (migration 025): the product help, the partner SDK guide and a few games, in both
// languages, for every tenant with its brand name. Images are SVG files under server/static/help/ (offline).

const img = (name: string) => `/static/help/${name}.svg`;

function sdkGuide(language: Language): NewContentPage {
  const en = language === 'en-US';
  const title = en ? 'SDK guide: embed a phone stream' : 'SDK 接入指南：嵌入云手机画面';
  const summary = en ? 'Get a security token, open the stream socket, draw pictures and send input.' : '获取安全令牌、打开画面连接、绘制画面并发送操作。';
  const p = en
    ? [
        'Partners can show a cloud phone inside their own page. The user signs in to the API as usual; your page then asks for a short-lived token and opens a WebSocket.',
        'Ask for the token with the user\u2019s access token:',
        'Open the socket, sending the token as its first message (it stays out of access logs):',
        'The server first sends <code>hello</code> (the phone\u2019s resolution, your role and whether you may control), then binary pictures: kind 1 is a whole JPEG, kind 4 the changed regions drawn over the last picture. Acknowledge each picture so the server keeps sending; it adapts the quality to your link.',
        'Send input as JSON: <code>touch</code> (coordinates in the phone\u2019s resolution), <code>key</code>, <code>text</code>, <code>paste</code>. A socket whose token no longer holds is closed with code 4403.',
      ]
    : [
        '合作方可以在自己的页面中展示云手机画面。用户照常登录 API，页面再申请一个短期令牌并打开 WebSocket。',
        '用用户的访问令牌申请安全令牌：',
        '打开连接，并把令牌作为第一条消息发送（令牌不会出现在访问日志中）：',
        '服务器先发送 <code>hello</code>（云手机分辨率、您的角色以及是否可控制），然后发送二进制画面：类型 1 为整幅 JPEG，类型 4 为在上一幅画面上绘制的变化区域。每幅画面都需确认，服务器才会继续发送，并会根据网络调整画质。',
        '操作以 JSON 发送：<code>touch</code>（坐标按云手机分辨率）、<code>key</code>、<code>text</code>、<code>paste</code>。令牌失效的连接会以 4403 关闭。',
      ];
  const html = `<p>${p[0]}</p><p><img src="${img('sdk')}" alt="${en ? 'Your page, the API and the stream socket' : '您的页面、API 与画面连接'}"></p>
<h3>1. ${en ? 'Security token' : '安全令牌'}</h3><p>${p[1]}</p>
<pre><code>POST /api/device/user/phone/security-token?userPhoneId=123&amp;validTime=3600
→ {"token": "…", "expireTime": 1767225600000}</code></pre>
<h3>2. ${en ? 'Stream socket' : '画面连接'}</h3><p>${p[2]}</p>
<pre><code>ws(s)://&lt;host&gt;/stream/ws?userPhoneId=123
→ {"type":"auth","token":"…"}</code></pre>
<h3>3. ${en ? 'Pictures' : '画面'}</h3><p>${p[3]}</p>
<h3>4. ${en ? 'Input' : '操作'}</h3><p>${p[4]}</p>`;
  return { slug: 'sdk-guide', kind: 'sdk', sort: 0, image_url: img('sdk'), title, summary, html };
}

const GAMES: { slug: string; image: string; en: [string, string]; zh: [string, string] }[] = [
  { slug: 'game-farm', image: 'game-farm', en: ['Sunny Farm', 'Grow crops and raise animals; your farm keeps growing on the cloud phone while you are away.'], zh: ['阳光农场', '种植作物、饲养动物；您离开时农场也在云手机上持续生长。'] },
  { slug: 'game-race', image: 'game-race', en: ['Street Racer', 'Daily races and events: run several accounts side by side on different phones.'], zh: ['街头飞车', '每日赛事与活动：在不同云手机上同时运行多个账号。'] },
  { slug: 'game-quest', image: 'game-quest', en: ['Dragon Quest Idle', 'An idle role-playing game that rewards staying online around the clock.'], zh: ['龙之放置', '一款放置类角色扮演游戏，全天在线收益更多。'] },
  { slug: 'game-puzzle', image: 'game-puzzle', en: ['Block Puzzle', 'Relaxing puzzles with daily challenges; light enough for the smallest phone model.'], zh: ['方块消消乐', '轻松的益智游戏，每日挑战；最低配置的机型也能流畅运行。'] },
];

function games(language: Language): NewContentPage[] {
  return GAMES.map((g, index) => {
    const [title, summary] = language === 'en-US' ? g.en : g.zh;
    return { slug: g.slug, kind: 'game', sort: index, image_url: img(g.image), title, summary, html: `<p>${summary}</p><p><img src="${img(g.image)}" alt="${title}"></p>` };
  });
}

/** Seeds every tenant's pages (ON CONFLICT DO NOTHING: edits survive restarts). `brands` gives each tenant's name per language. */
export async function seedHelp(db: Db, brands: { tenantId: number; names: Record<Language, string> }[]): Promise<void> {
  // The migration tests seed a schema from before migration 25; a server start always migrates first.
  if (!await db.get(db.dialect.tableExists('content_pages'))) return;
  for (const { tenantId, names } of brands) {
    const pages: [Language, NewContentPage[]][] = [
      ['en-US', [...helpEn(names['en-US']), sdkGuide('en-US'), ...games('en-US')]],
      ['zh-CN', [...helpZh(names['zh-CN']), sdkGuide('zh-CN'), ...games('zh-CN')]],
    ];
    for (const [language, list] of pages) for (const page of list) await insertContentPage(db, tenantId, language, page);
  }
}
