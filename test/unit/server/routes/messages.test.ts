import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { buildApk } from '../../../apk-builder.mjs';
import { coupons, createOrder, packageId, PRO, submit } from '../commerce-helpers.ts';
import { demo, phoneId, SCALE_MOBILE } from '../device-helpers.ts';
import { body, grant, GRANT, other } from '../grant-helpers.ts';
import { CASES_MOBILE, give, receiver } from '../transfer-helpers.ts';
import { recordingInstaller, tusClient, uploadFolder, uploadIdOf } from '../upload-helpers.ts';

// API.md "Messages": the tabs, their unread counts, paging, a message read when opened, mark all read, ownership,
// and each producer: order paid, transfer received, grant received, share ended, upload installed, expiring soon.

const MSG = '/api/message';
const HOUR = 3600_000;
type Call = Awaited<ReturnType<typeof demo>>['call'];

const page = async (call: Call, query = '', language = 'en-US') => {
  const reply = await call(`${MSG}/page${query}`, { language });
  assert.is(reply.code, 0, reply.msg);
  return reply.data as { list: Array<{ messageId: number; category: string; title: string; summary: string; read: boolean }>; total: number };
};
const unread = async (call: Call) => (await call(`${MSG}/unread`)).data as { all: number; ai: number; system: number };
const titles = async (call: Call) => (await page(call, '?pageSize=50')).list.map((m) => m.title);

test('tabs: all holds both categories, ai and system split them; counts follow; pages are newest first', async () => {
  const ctx = await demo();
  const all = await page(ctx.call);
  const ai = await page(ctx.call, '?tab=ai');
  const system = await page(ctx.call, '?tab=system');
  assert.ok(ai.total >= 1 && system.total >= 2);
  assert.is(all.total, ai.total + system.total);
  assert.ok(ai.list.every((m) => m.category === 'ai') && system.list.every((m) => m.category === 'system'));
  assert.ok(ai.list.some((m) => m.title === 'AI assistant'));
  assert.equal(await unread(ctx.call), { all: all.total, ai: ai.total, system: system.total }, 'nothing read yet');

  const first = await page(ctx.call, '?pageNo=1&pageSize=2');
  const second = await page(ctx.call, '?pageNo=2&pageSize=2');
  assert.is(first.list.length, 2);
  assert.equal([...first.list, ...second.list].map((m) => m.messageId), all.list.slice(0, 4).map((m) => m.messageId));
  assert.is((await ctx.call(`${MSG}/page?tab=nope`)).code, ErrorCode.BAD_REQUEST);
  assert.is((await ctx.call(`${MSG}/page?pageSize=51`)).code, ErrorCode.BAD_REQUEST);
  assert.is((await ctx.call(`${MSG}/unread`, { token: '' })).code, ErrorCode.UNAUTHORIZED);
});

test('both languages are stored: the language header picks the texts', async () => {
  const ctx = await demo();
  const zh = (await page(ctx.call, '?tab=ai', 'zh-CN')).list[0]!;
  const en = (await page(ctx.call, '?tab=ai', 'en-US')).list[0]!;
  assert.is(zh.messageId, en.messageId);
  assert.is(zh.title, 'AI 助手');
  assert.is(en.title, 'AI assistant');
});

test('opening a message reads it; another account\'s id does not exist; mark all read per tab and for all', async () => {
  const ctx = await demo();
  const before = await unread(ctx.call);
  const target = (await page(ctx.call, '?tab=system')).list[0]!;
  const opened = await ctx.call(`${MSG}/detail?messageId=${target.messageId}`, { language: 'en-US' });
  assert.is(opened.code, 0, opened.msg);
  assert.is(opened.data.read, true);
  assert.match(opened.data.content, /<p>/);
  assert.equal(await unread(ctx.call), { ...before, all: before.all - 1, system: before.system - 1 });
  assert.is((await page(ctx.call, '?tab=system')).list[0]!.read, true);

  const stranger = await receiver(ctx, SCALE_MOBILE);
  assert.is((await stranger.call(`${MSG}/detail?messageId=${target.messageId}`)).code, ErrorCode.MESSAGE_NOT_EXIST);
  assert.is((await ctx.call(`${MSG}/detail?messageId=999999`)).code, ErrorCode.MESSAGE_NOT_EXIST);
  assert.is((await ctx.call(`${MSG}/detail`)).code, ErrorCode.MESSAGE_NOT_EXIST);

  const ai = await ctx.call(`${MSG}/read-all`, { body: { tab: 'ai' } });
  assert.equal(ai.data, { count: before.ai });
  assert.equal(await unread(ctx.call), { all: before.system - 1, ai: 0, system: before.system - 1 });
  const rest = await ctx.call(`${MSG}/read-all`, { body: {} });
  assert.equal(rest.data, { count: before.system - 1 });
  assert.equal(await unread(ctx.call), { all: 0, ai: 0, system: 0 });
  assert.is((await ctx.call(`${MSG}/read-all`, { body: { tab: 'x' } })).code, ErrorCode.BAD_REQUEST);
  assert.ok((await unread(stranger.call)).all > 0, "another account's messages untouched");
});

test('expiring soon: one message per phone under the threshold and per expiry, however often asked', async () => {
  const ctx = await demo();
  const phone = await phoneId(ctx, 'Shop assistant');
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now() + 10 * HOUR, phone);
  await unread(ctx.call);
  const first = await ctx.db.value("SELECT COUNT(*) FROM messages WHERE user_id = ? AND kind = 'expiringSoon'", ctx.userId) as number;
  assert.ok(first >= 1);
  assert.ok((await titles(ctx.call)).includes('Cloud phone expiring soon'));
  await unread(ctx.call);
  await page(ctx.call);
  ctx.advance(HOUR);
  await unread(ctx.call);
  assert.is(await ctx.db.value("SELECT COUNT(*) FROM messages WHERE user_id = ? AND kind = 'expiringSoon'", ctx.userId), first, 'asked again: no second message');
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now() + 20 * HOUR, phone);
  await unread(ctx.call);
  assert.is(await ctx.db.value("SELECT COUNT(*) FROM messages WHERE user_id = ? AND kind = 'expiringSoon'", ctx.userId), first + 1, 'a new expiry is a new event');
  await ctx.db.run('UPDATE phones SET expire_time = ? WHERE id = ?', ctx.now() + 30 * 24 * HOUR, phone);
  await unread(ctx.call);
  assert.is(await ctx.db.value("SELECT COUNT(*) FROM messages WHERE user_id = ? AND kind = 'expiringSoon'", ctx.userId), first + 1, 'a phone with time to spare gets none');
});

test('order paid: the buyer gets a message', async () => {
  const ctx = await demo();
  await coupons(ctx);
  const before = (await unread(ctx.call)).system;
  const order = await createOrder(ctx as never, { type: 'buy', packageId: await packageId(ctx, PRO, 30), quantity: 1 });
  assert.is((await submit(ctx as never, order.orderId)).data.status, 'success');
  assert.is((await unread(ctx.call)).system, before + 1);
  assert.is((await page(ctx.call)).list[0]!.title, 'Order paid');
});

test('transfer received: the receiver gets a message naming the count', async () => {
  const ctx = await demo();
  const to = await receiver(ctx, CASES_MOBILE);
  const before = (await unread(to.call)).all;
  assert.is((await give(ctx, [await phoneId(ctx, 'Shop assistant'), await phoneId(ctx, 'Archive')], CASES_MOBILE)).code, 0);
  assert.is((await unread(to.call)).all, before + 1);
  const top = (await page(to.call)).list[0]!;
  assert.equal([top.title, top.summary], ['Cloud phones received', '138****8000 transferred 2 cloud phones to you.']);
});

test('grant received: by account to the grantee, by code to whoever redeems it', async () => {
  const ctx = await demo();
  const grantee = await other(ctx);
  const before = (await unread(grantee.call)).all;
  assert.is((await grant(ctx, body(await phoneId(ctx, 'Shop assistant')))).code, 0);
  assert.is((await unread(grantee.call)).all, before + 1);
  assert.is((await page(grantee.call)).list[0]!.title, 'Cloud phone granted');

  const byCode = await grant(ctx, body(await phoneId(ctx, 'Archive'), { mode: 'code' }));
  assert.is(byCode.code, 0, byCode.msg);
  const redeemer = await receiver(ctx, CASES_MOBILE);
  const was = (await unread(redeemer.call)).all;
  assert.is((await redeemer.call(`${GRANT}/redeem`, { body: { code: byCode.data.code } })).code, 0);
  assert.is((await unread(redeemer.call)).all, was + 1);
});

test('share ended early: the owner gets a message', async () => {
  const ctx = await demo();
  const created = await ctx.call('/api/device/share/create', { body: { userPhoneId: await phoneId(ctx, 'Shop assistant'), permission: 'view', validityHours: 24 } });
  assert.is(created.code, 0, created.msg);
  const before = (await unread(ctx.call)).all;
  assert.is((await ctx.call('/api/device/share/end', { method: 'PUT', body: { shareId: created.data.shareId } })).code, 0);
  assert.is((await unread(ctx.call)).all, before + 1);
  assert.is((await page(ctx.call)).list[0]!.title, 'Screen sharing ended');
});

test('upload installed: the uploader gets a message once the installs finish', async () => {
  const folder = uploadFolder();
  const installer = recordingInstaller();
  const ctx = await demo(1, undefined, { uploads: { dir: folder.dir, stepMs: 5, install: installer.install, quotaBytes: 10 * 1024 ** 3 } });
  const tus = tusClient(ctx.app, ctx.token);
  const apk = await buildApk({ packageName: 'com.example.notes', label: 'Notes', versionName: '2.0', fillerBytes: 1000 });
  const created = await tus.create('notes.apk', apk.length, [await phoneId(ctx, 'Shop assistant')]);
  await tus.patch(created.location, 0, apk);
  const before = (await unread(ctx.call)).all;
  const verified = await ctx.call('/api/device/file/verify', { body: { uploadId: uploadIdOf(created.location), sha512: createHash('sha512').update(apk).digest('hex') } });
  assert.is(verified.code, 0, verified.msg);
  for (const deadline = Date.now() + 10_000; Date.now() < deadline && (await unread(ctx.call)).all === before; ) await new Promise((r) => setTimeout(r, 10));
  assert.is((await unread(ctx.call)).all, before + 1);
  const top = (await page(ctx.call)).list[0]!;
  assert.equal([top.title, top.summary], ['File installed', 'notes.apk is installed on 1 of 1 cloud phone.']);
  folder.remove();
});

test.run();
