import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { TEMPLATE_BASE_BYTES, TEMPLATE_DELETING_MS, TEMPLATE_LIFE_DAYS } from '../../../../shared/contract/clone-words.ts';
import { keptTemplateCount, listedTemplatesOfUser } from '../../../../server/data/clones.ts';
import { installApp } from '../../../../server/lib/phone-apps.ts';
import { OPERATION_DURATION_MS } from '../../../../server/lib/phones.ts';
import { demo, idsQuery, PHONE, phoneId, phoneRow, SCALE_MOBILE } from '../device-helpers.ts';
import { body, grant, other } from '../grant-helpers.ts';
import { DEMO_MOBILE } from '../helpers.ts';
import { setConfig } from '../transfer-helpers.ts';
import { mapInOrder } from '../../../../server/lib/in-order.ts';

// API.md "Clones and templates": a template taken from a phone with its progress, its states from the clock, every
// refusal and limit of templates and clones made directly against the API, and a clone that carries the template's
// apps and settings onto its targets.

const TEMPLATE = '/api/device/clone-template';
const CLONE = `${PHONE}/clone`;
const DAY = 86_400_000;
type Demo = Awaited<ReturnType<typeof demo>>;

const create = (ctx: Pick<Demo, 'call'>, userPhoneId: unknown, name: unknown = 'Shop setup') =>
  ctx.call(`${TEMPLATE}/create`, { body: { userPhoneId, name }, language: 'en-US' });
const list = async (ctx: Pick<Demo, 'call'>) => (await ctx.call(`${TEMPLATE}/list`)).data as { list: any[]; limits: Record<string, number> };
const remove = (ctx: Pick<Demo, 'call'>, templateId: number) => ctx.call(`${TEMPLATE}/delete`, { body: { templateId } });
const clone = (ctx: Pick<Demo, 'call'>, templateId: number, userPhoneIds: number[]) =>
  ctx.call(CLONE, { body: { templateId, userPhoneIds }, language: 'en-US' });
const progress = async (ctx: Pick<Demo, 'call'>, id: number, taskType: string) =>
  (await ctx.call(`${PHONE}/get-progress`, { body: { userPhoneIds: [id], taskType } })).data[0] as { progress: number; status: string };

async function install(ctx: Demo, phone: number, packageName: string, sizeBytes = 3_000_000) {
  await installApp({ db: ctx.db, now: ctx.now }, phone, { packageName, label: packageName.split('.').at(-1)!, versionName: '1.0', versionCode: 1, iconPng: null, sizeBytes });
}

/** A ready template of the demo account's "Shop assistant", which has one app installed and root on. */
async function readyTemplate(ctx: Demo) {
  const source = await phoneId(ctx, 'Shop assistant');
  await install(ctx, source, 'com.example.notes');
  await ctx.db.run('UPDATE phones SET root = TRUE, width = 1080, height = 1920, dpi = 420 WHERE id = ?', source);
  const made = await create(ctx, source);
  assert.is(made.code, 0, made.msg);
  ctx.advance(OPERATION_DURATION_MS.template);
  return { source, templateId: made.data.templateId as number };
}

test('a template is taken with progress (CLONE_TEMPLATE_ING, then CLONE_TEMPLATE_FINISH done) and listed with its size and expiry', async () => {
  const ctx = await demo();
  const source = await phoneId(ctx, 'Shop assistant');
  await install(ctx, source, 'com.example.notes', 5_000_000);
  const made = await create(ctx, source, '  Shop setup ');
  assert.is(made.code, 0, made.msg);
  assert.equal([made.data.name, made.data.state, made.data.progress, made.data.appCount], ['Shop setup', 'creating', 0, 1]);
  assert.is(made.data.size, TEMPLATE_BASE_BYTES + 5_000_000);
  assert.is(made.data.daysLeft, TEMPLATE_LIFE_DAYS);
  assert.is(made.data.expiresAt - made.data.createdAt, TEMPLATE_LIFE_DAYS * DAY);

  ctx.advance(OPERATION_DURATION_MS.template / 2);
  const half = await progress(ctx, source, 'CLONE_TEMPLATE_ING');
  assert.equal([half.status, half.progress], ['running', 50]);
  assert.is((await progress(ctx, source, 'CLONE_TEMPLATE_FINISH')).status, 'running');
  assert.equal([(await list(ctx)).list[0].state, (await list(ctx)).list[0].progress], ['creating', 50]);
  // The source is busy meanwhile.
  assert.is((await ctx.call(`${PHONE}/reboot${idsQuery([source])}`, { method: 'PUT' })).data[0].code, ErrorCode.DEVICE_BUSY);

  ctx.advance(OPERATION_DURATION_MS.template / 2);
  assert.equal(await progress(ctx, source, 'CLONE_TEMPLATE_FINISH'), { userPhoneId: source, taskType: 'CLONE_TEMPLATE_FINISH', progress: 100, status: 'done' });
  const ready = (await list(ctx)).list[0];
  assert.equal([ready.state, ready.progress, ready.sourcePhoneName], ['ready', 100, 'Shop assistant']);

  ctx.advance(TEMPLATE_LIFE_DAYS * DAY - OPERATION_DURATION_MS.template - DAY / 2);
  assert.is((await list(ctx)).list[0].daysLeft, 1);
  ctx.advance(DAY);
  assert.equal([(await list(ctx)).list[0].state, (await list(ctx)).list[0].daysLeft], ['expired', 0]);
});

test('template refusals: name, foreign, authorised, busy, too little time; an offline or faulty source fails the template', async () => {
  const ctx = await demo();
  const source = await phoneId(ctx, 'Shop assistant');
  assert.is((await create(ctx, source, '  ')).code, ErrorCode.NAME_INVALID);
  assert.is((await create(ctx, source, 'x'.repeat(21))).code, ErrorCode.NAME_INVALID);
  assert.is((await create(ctx, await phoneId(ctx, 'Phone 0011', 1, SCALE_MOBILE))).code, ErrorCode.DEVICE_NOT_EXIST);
  const lent = await phoneId(ctx, 'Phone 0010', 1, SCALE_MOBILE);
  assert.is((await grant(await other(ctx), body(lent, { account: DEMO_MOBILE, permission: 'control' }))).code, 0);
  const authorised = await create(ctx, lent);
  assert.equal([authorised.code, authorised.msg], [ErrorCode.CLONE_PHONE_AUTHORIZED, 'An authorized device cannot be cloned or used as a template']);
  const rebooting = await phoneId(ctx, 'Music box');
  await ctx.call(`${PHONE}/reboot${idsQuery([rebooting])}`, { method: 'PUT' });
  assert.is((await create(ctx, rebooting)).code, ErrorCode.DEVICE_BUSY);
  assert.is((await create(ctx, await phoneId(ctx, 'Old account'))).code, ErrorCode.DEVICE_EXPIRED);
  const short = await create(ctx, await phoneId(ctx, 'Game farm 3'));
  assert.equal([short.code, short.msg], [ErrorCode.TEMPLATE_TIME_TOO_SHORT, 'Remaining time insufficient to create a clone template']);
  await setConfig(ctx, 'PHONE_TEMPLATE_BY_EXPIRE_TIME_LIMIT', '2');
  const shorter = await create(ctx, await phoneId(ctx, 'Game farm 3'));
  assert.is(shorter.code, 0, 'the hours come from the config');
  assert.equal((await list(ctx)).list.length, 1, 'nothing of the refused ones was kept');

  const offline = await create(ctx, await phoneId(ctx, 'Backup'));
  assert.equal([offline.code, offline.data.state, offline.data.failCode], [0, 'failed', ErrorCode.DEVICE_OFFLINE]);
  assert.is((await phoneRow(ctx, await phoneId(ctx, 'Backup'))).operation_type, null, 'a failed template leaves its source as it was');

  const faulty = await create(ctx, source);
  ctx.advance(1000);
  await ctx.db.run("UPDATE phones SET fault = 'malfunction' WHERE id = ?", source);
  const failed = (await list(ctx)).list.find((row) => row.templateId === faulty.data.templateId);
  assert.equal([failed.state, failed.failCode, failed.progress], ['failed', ErrorCode.DEVICE_FAULT, 0]);
  ctx.advance(OPERATION_DURATION_MS.template);
  await ctx.db.run('UPDATE phones SET fault = NULL WHERE id = ?', source);
  assert.is((await list(ctx)).list.find((row) => row.templateId === faulty.data.templateId).state, 'failed', 'it stays failed');
});

test('template limits from the config: kept at once and created per day', async () => {
  const ctx = await demo();
  await setConfig(ctx, 'PHONE_TEMPLATE_BY_USER_MAX_NUM_LIMIT', '2');
  await setConfig(ctx, 'PHONE_TEMPLATE_BY_USER_DAY_COUNT_LIMIT', '3');
  const [a, b, c] = (await mapInOrder(['Shop assistant', 'Game farm 1', 'Spare'], async (name) => await phoneId(ctx, name)));
  assert.equal((await list(ctx)).limits.templateMax, 2);
  const first = await create(ctx, a);
  assert.is((await create(ctx, b)).code, 0);
  const max = await create(ctx, c);
  assert.equal([max.code, max.msg, max.data], [ErrorCode.TEMPLATE_MAX_LIMIT, 'You have reached the maximum number of clone templates', { max: 2 }]);
  assert.is((await remove(ctx, first.data.templateId)).code, 0);
  ctx.advance(OPERATION_DURATION_MS.template);
  assert.is((await create(ctx, c)).code, 0, 'a deleted template no longer counts');
  ctx.advance(OPERATION_DURATION_MS.template);
  assert.is((await remove(ctx, (await list(ctx)).list[0].templateId)).code, 0);
  const day = await create(ctx, a);
  assert.equal([day.code, day.msg], [ErrorCode.TEMPLATE_DAY_LIMIT, "You have reached today's clone template limit"]);
  // The day is China's (UTC+8): the test clock is 16:00 there, so 8 hours later is the next day.
  ctx.advance(8 * 3600_000);
  assert.is((await create(ctx, a)).code, 0);
});

test('delete: deleting for a moment, then removed from the list; deleted or foreign templates do not exist', async () => {
  const ctx = await demo();
  const { templateId } = await readyTemplate(ctx);
  assert.is((await remove(ctx, templateId)).code, 0);
  assert.is((await list(ctx)).list[0].state, 'deleting');
  assert.is((await remove(ctx, templateId)).code, ErrorCode.TEMPLATE_NOT_EXIST);
  ctx.advance(TEMPLATE_DELETING_MS);
  assert.is((await list(ctx)).list.length, 0);
  assert.is((await clone(ctx, templateId, [await phoneId(ctx, 'Spare')])).code, ErrorCode.TEMPLATE_NOT_EXIST);
  assert.is((await remove(ctx, 999)).code, ErrorCode.TEMPLATE_NOT_EXIST);
});

test('the list and the kept count read only live rows: removed ones are never read, failed and expired ones are listed but not kept', async () => {
  const ctx = await demo();
  await setConfig(ctx, 'PHONE_TEMPLATE_BY_USER_MAX_NUM_LIMIT', '2');
  const [a, b, c] = (await mapInOrder(['Shop assistant', 'Game farm 1', 'Spare'], async (name) => await phoneId(ctx, name)));
  const failed = (await create(ctx, a)).data.templateId as number;
  const expired = (await create(ctx, b)).data.templateId as number;
  ctx.advance(OPERATION_DURATION_MS.template);
  await ctx.db.run('UPDATE clone_templates SET fail_code = ? WHERE id = ?', ErrorCode.DEVICE_FAULT, failed);
  await ctx.db.run('UPDATE clone_templates SET expires_at = ? WHERE id = ?', ctx.now(), expired);
  assert.is(await keptTemplateCount(ctx.db, ctx.userId, ctx.now()), 0);
  const removed = (await create(ctx, c)).data.templateId as number;
  assert.is((await remove(ctx, removed)).code, 0);
  ctx.advance(OPERATION_DURATION_MS.template);
  assert.is((await create(ctx, c)).code, 0);
  assert.is(await keptTemplateCount(ctx.db, ctx.userId, ctx.now()), 1, 'the deleted one no longer counts');
  ctx.advance(TEMPLATE_DELETING_MS);
  const listed = (await listedTemplatesOfUser(ctx.db, ctx.userId, ctx.now())).map((row) => row.id);
  assert.not.ok(listed.includes(removed));
  assert.equal((await list(ctx)).list.map((row) => row.state).sort(), ['creating', 'expired', 'failed']);
});

test('a clone carries the template apps and settings onto its targets, with an order number; a phone being cloned refuses with "being cloned"', async () => {
  const ctx = await demo();
  const { templateId } = await readyTemplate(ctx);
  const targets = [await phoneId(ctx, 'Spare'), await phoneId(ctx, 'Night shift')];
  await install(ctx, targets[0]!, 'com.example.old');
  const order = await clone(ctx, templateId, targets);
  assert.is(order.code, 0, order.msg);
  assert.match(order.data.orderNo, /^CL\d{20}$/);
  assert.equal(order.data.items.map((item: any) => [item.userPhoneId, item.status]), targets.map((id) => [id, 'cloning']));

  const apps = await ctx.call(`${PHONE}/app/list${idsQuery(targets)}`);
  const installed = apps.data.list.filter((app: any) => !app.system);
  assert.equal(installed.map((app: any) => [app.packageName, app.phones.length]), [['com.example.notes', 2]], 'the old app is gone, the template app is on both');
  for (const id of targets) assert.equal([(await phoneRow(ctx, id)).root, (await phoneRow(ctx, id)).width, (await phoneRow(ctx, id)).dpi], [1, 1080, 420]);

  const reboot = await ctx.call(`${PHONE}/reboot${idsQuery([targets[0]!])}`, { method: 'PUT', language: 'en-US' });
  assert.equal([reboot.data[0].code, reboot.data[0].msg], [ErrorCode.DEVICE_CLONING, 'The device is being cloned']);
  assert.is((await clone(ctx, templateId, [targets[1]!])).code, ErrorCode.DEVICE_CLONING);
  ctx.advance(OPERATION_DURATION_MS.clone / 2);
  assert.equal(await progress(ctx, targets[0]!, 'CLONE'), { userPhoneId: targets[0], taskType: 'CLONE', progress: 50, status: 'running' });
  assert.is((await ctx.call(`${CLONE}/order?orderNo=${order.data.orderNo}`)).data.items[0].progress, 50);
  ctx.advance(OPERATION_DURATION_MS.clone / 2);
  const done = await ctx.call(`${CLONE}/order?orderNo=${order.data.orderNo}`);
  assert.equal(done.data.items.map((item: any) => [item.status, item.progress]), [['done', 100], ['done', 100]]);
  assert.is((await ctx.call(`${CLONE}/order?orderNo=CL0`)).code, ErrorCode.CLONE_ORDER_NOT_EXIST);
  assert.is((await (await other(ctx)).call(`${CLONE}/order?orderNo=${order.data.orderNo}`)).code, ErrorCode.CLONE_ORDER_NOT_EXIST);
});

test('clone refusals: template not ready, expired, another account\'s; batch and day limits; authorised, foreign, busy, short of time', async () => {
  const ctx = await demo();
  const spare = await phoneId(ctx, 'Spare');
  const creating = await create(ctx, await phoneId(ctx, 'Game farm 1'));
  assert.is((await clone(ctx, creating.data.templateId, [spare])).code, ErrorCode.TEMPLATE_NOT_READY);
  const { templateId } = await readyTemplate(ctx);
  const stranger = await other(ctx);
  assert.is((await stranger.call(CLONE, { body: { templateId, userPhoneIds: [await phoneId(ctx, 'Phone 0011', 1, SCALE_MOBILE)] } })).code, ErrorCode.TEMPLATE_NOT_EXIST);

  await setConfig(ctx, 'PHONE_CLONE_BY_BATCH_COUNT_LIMIT', '2');
  const batch = await clone(ctx, templateId, [spare, await phoneId(ctx, 'Night shift'), await phoneId(ctx, 'Weekend')]);
  assert.equal([batch.code, batch.msg, batch.data], [ErrorCode.CLONE_BATCH_LIMIT, 'Too many devices to clone at once', { max: 2 }]);

  const lent = await phoneId(ctx, 'Phone 0010', 1, SCALE_MOBILE);
  assert.is((await grant(stranger, body(lent, { account: DEMO_MOBILE, permission: 'control' }))).code, 0);
  const authorised = await clone(ctx, templateId, [spare, lent]);
  assert.equal([authorised.code, authorised.data], [ErrorCode.CLONE_PHONE_AUTHORIZED, { userPhoneId: lent }]);
  assert.is((await clone(ctx, templateId, [spare, await phoneId(ctx, 'Phone 0011', 1, SCALE_MOBILE)])).code, ErrorCode.DEVICE_NOT_EXIST);
  const rebooting = await phoneId(ctx, 'Music box');
  await ctx.call(`${PHONE}/reboot${idsQuery([rebooting])}`, { method: 'PUT' });
  assert.is((await clone(ctx, templateId, [spare, rebooting])).code, ErrorCode.DEVICE_BUSY);
  assert.is((await clone(ctx, templateId, [await phoneId(ctx, 'Backup')])).code, ErrorCode.DEVICE_OFFLINE);
  const short = await clone(ctx, templateId, [spare, await phoneId(ctx, 'Game farm 3')]);
  assert.equal([short.code, short.msg], [ErrorCode.CLONE_TIME_TOO_SHORT, 'Remaining time insufficient to be cloned']);
  await setConfig(ctx, 'PHONE_CLONE_BY_EXPIRE_TIME_LIMIT', '2');
  assert.is((await clone(ctx, templateId, [await phoneId(ctx, 'Game farm 3')])).code, 0, 'the hours come from the config');
  assert.is((await phoneRow(ctx, spare)).operation_type, null, 'refused requests started nothing');

  await setConfig(ctx, 'PHONE_CLONE_BY_USER_DAY_COUNT_LIMIT', '3');
  assert.is((await clone(ctx, templateId, [spare, await phoneId(ctx, 'Night shift')])).code, 0);
  const day = await clone(ctx, templateId, [await phoneId(ctx, 'Weekend')]);
  assert.equal([day.code, day.msg], [ErrorCode.CLONE_DAY_LIMIT, "You have reached today's clone limit"]);

  ctx.advance(TEMPLATE_LIFE_DAYS * DAY);
  const expired = await clone(ctx, templateId, [await phoneId(ctx, 'Weekend')]);
  assert.equal([expired.code, expired.msg], [ErrorCode.TEMPLATE_EXPIRED, 'The clone template has expired']);
});

test.run();
