import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { demo, idsQuery, PHONE, phoneId } from '../device-helpers.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';

// API.md "Devices": screenshot links signed for 10 minutes, and the SVG behind them.

type Demo = Awaited<ReturnType<typeof demo>>;

async function shoot(ctx: Demo, ids: number[]) {
  return ctx.call(`${PHONE}/screenshot`, { body: { userPhoneIds: ids } });
}

async function urlOf(ctx: Demo, name: string): Promise<string> {
  const reply = await shoot(ctx, [await phoneId(ctx, name)]);
  assert.is(reply.data[0].success, true, name);
  return reply.data[0].url as string;
}

/** The image is fetched as an <img> would: no token, no tenant header. */
async function fetchImage(ctx: Demo, url: string) {
  const response = await ctx.app.request(url);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

test('more than 10 devices: BATCH_LIMIT_EXCEEDED and nothing else', async () => {
  const ctx = await demo();
  const ids = (await ctx.db.column('SELECT id FROM phones WHERE user_id = ? ORDER BY id LIMIT 11', ctx.userId) as number[]);
  const reply = await shoot(ctx, ids);
  assert.is(reply.code, ErrorCode.BATCH_LIMIT_EXCEEDED);
  assert.is(reply.msg, 'At most 10 devices at once');
  assert.is(reply.data, null);
  assert.is((await shoot(ctx, ids.slice(0, 10))).data.length, 10);
});

test('per device: offline, expired and maintenance refused; others get a signed link', async () => {
  const ctx = await demo();
  const ids = (await mapInOrder(['Reader', 'Backup', 'Old account', 'Test device'], async (n) => await phoneId(ctx, n)));
  const reply = await shoot(ctx, ids);
  assert.equal(
    reply.data.map((e: any) => [e.userPhoneId, e.success, e.code]),
    [[ids[0], true, 0], [ids[1], false, ErrorCode.DEVICE_OFFLINE], [ids[2], false, ErrorCode.DEVICE_EXPIRED], [ids[3], false, ErrorCode.DEVICE_MAINTENANCE]],
  );
  assert.is(reply.data[1].msg, 'The device is offline');
  assert.not.ok('url' in reply.data[1]);
  const expires = ctx.now() + 10 * 60_000;
  assert.match(reply.data[0].url, new RegExp(`^/api/device/screenshot/${ids[0]}\\.svg\\?expires=${expires}&sig=[0-9a-f]{64}$`));
  const green = await demo(100);
  assert.is((await shoot(ctx, [ids[0]!, await phoneId(green, '绿洲 1', 100)])).code, ErrorCode.DEVICE_NOT_EXIST);
});

test('the signed link serves the SVG without a token for 10 minutes', async () => {
  const ctx = await demo();
  const url = await urlOf(ctx, 'Reader');
  const image = await fetchImage(ctx, url);
  assert.is(image.status, 200);
  assert.is(image.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
  assert.is(image.headers.get('cache-control'), 'private, max-age=60');
  assert.match(image.text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 720 1280"/);
  assert.ok(image.text.endsWith('</svg>'));
  assert.ok(image.text.includes('>Reader<'));
  assert.ok(image.text.includes('>CP10000016<'));
  // 08:00 UTC on the test clock is 16:00 on the phone (UTC+8).
  assert.ok(image.text.includes('>16:00<'));
  ctx.advance(9 * 60_000 + 59_999);
  const later = await fetchImage(ctx, url);
  assert.is(later.status, 200);
  assert.ok(later.text.includes('>16:09<'));
  ctx.advance(1);
  const expired = await fetchImage(ctx, url);
  assert.is(expired.status, 403);
  assert.equal(JSON.parse(expired.text), { code: 403, msg: 'The screenshot link is invalid or has expired', data: null });
});

test('a link stops working as soon as the owner closes the account, and survives a restart with the same key', async () => {
  const ctx = await demo();
  const url = await urlOf(ctx, 'Reader');
  // The same database and key in a new app (a restart): main.ts keeps the key in DATA_DIR or the environment.
  const { createApp } = await import('../../../../server/app.ts');
  const { randomSecrets } = await import('../../../../server/lib/secrets.ts');
  const secrets = randomSecrets();
  const first = createApp({ db: ctx.db, distDir: '/nonexistent', now: ctx.now, secrets });
  const restarted = createApp({ db: ctx.db, distDir: '/nonexistent', now: ctx.now, secrets });
  const phoneIdOf = await phoneId(ctx, 'Reader');
  const signed = await first.request(`${PHONE}/screenshot`, {
    method: 'POST',
    headers: { 'tenant-id': '1', authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userPhoneIds: [phoneIdOf] }),
  });
  const link = ((await signed.json()) as { data: Array<{ url: string }> }).data[0]!.url;
  assert.is((await restarted.request(link)).status, 200, 'signed before the restart, served after it');
  assert.is((await fetchImage(ctx, url)).status, 200);
  await ctx.db.run('UPDATE users SET deleted_at = ? WHERE id = ?', ctx.now(), ctx.userId);
  assert.is((await fetchImage(ctx, url)).status, 403, 'the closed account\'s link is refused');
  assert.is((await restarted.request(link)).status, 403);
});

test('tampered, foreign and malformed links are refused', async () => {
  const ctx = await demo();
  const url = await urlOf(ctx, 'Reader');
  const other = await phoneId(ctx, 'Music box');
  const [, id, expires, sig] = /screenshot\/(\d+)\.svg\?expires=(\d+)&sig=([0-9a-f]+)$/.exec(url)!;
  const flipped = sig!.slice(0, -1) + (sig!.endsWith('0') ? '1' : '0');
  for (const bad of [
    `/api/device/screenshot/${id}.svg?expires=${expires}&sig=${flipped}`,
    `/api/device/screenshot/${id}.svg?expires=${Number(expires) + 60_000}&sig=${sig}`,
    `/api/device/screenshot/${other}.svg?expires=${expires}&sig=${sig}`,
    `/api/device/screenshot/${id}.svg?expires=${expires}`,
    `/api/device/screenshot/${id}.svg?sig=${sig}`,
    `/api/device/screenshot/${id}.svg?expires=${expires}&sig=${sig!.toUpperCase()}x`,
    `/api/device/screenshot/999999.svg?expires=${expires}&sig=${sig}`,
  ]) {
    assert.is((await fetchImage(ctx, bad)).status, 403, bad);
  }
  for (const bad of [`/api/device/screenshot/${id}.png?expires=${expires}&sig=${sig}`, `/api/device/screenshot/abc.svg`]) {
    assert.is((await fetchImage(ctx, bad)).status, 404, bad);
  }
  // Another server process (another secret) does not accept it either.
  const other2 = await demo();
  assert.is((await fetchImage(other2, url)).status, 403);
  // A phone that changes hands invalidates its links.
  const green = await demo(100);
  await ctx.db.run('UPDATE phones SET user_id = ? WHERE id = ?', green.userId, Number(id));
  assert.is((await fetchImage(ctx, url)).status, 403);
});

test('the SVG differs per phone, escapes the name, and shows an operation in progress', async () => {
  const ctx = await demo();
  const a = await fetchImage(ctx, await urlOf(ctx, 'Reader'));
  const b = await fetchImage(ctx, await urlOf(ctx, 'Music box'));
  const colours = (svg: string) => [...svg.matchAll(/stop-color="([^"]+)"/g)].map((m) => m[1]).join(',');
  assert.is.not(colours(a.text), colours(b.text));
  assert.is.not(a.text.replace('Reader', '').replace('CP10000016', ''), b.text.replace('Music box', '').replace('CP10000017', ''));
  // Deterministic: the same phone at the same time is the same picture.
  assert.is((await fetchImage(ctx, await urlOf(ctx, 'Reader'))).text, a.text);

  const id = await phoneId(ctx, 'Reader');
  await ctx.call(`${PHONE}/rename`, { method: 'PUT', body: { userPhoneId: id, name: '<script>x&"</script>' } });
  const escaped = await fetchImage(ctx, await urlOf(ctx, '<script>x&"</script>'));
  assert.not.ok(escaped.text.includes('<script'));
  assert.ok(escaped.text.includes('&#60;script&#62;x&#38;&#34;&#60;/script&#62;'));
  assert.match(escaped.headers.get('content-security-policy') ?? '', /default-src 'none'/);

  assert.not.ok(a.text.includes('Rebooting'));
  await ctx.call(`${PHONE}/reboot${idsQuery([id])}`, { method: 'PUT' });
  ctx.advance(1000);
  const operating = await fetchImage(ctx, await urlOf(ctx, '<script>x&"</script>'));
  assert.ok(operating.text.includes('>Rebooting<'));
  assert.ok(operating.text.includes('>25%<'));
  assert.match(operating.text, /class="progress" x="160" y="640" width="100"/);
});

test.run();
