import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { demo, GROUP, listPhones } from '../device-helpers.ts';
import { setup } from '../helpers.ts';

// API.md "Devices": phone-group simple-list, create, update, delete (spec §5: the default group is fixed).

const LIST = `${GROUP}/simple-list`;
const IMMUTABLE = 'The default group cannot be modified or deleted';

async function groups(ctx: Awaited<ReturnType<typeof demo>>, language = 'en-US') {
  return (await ctx.call(LIST, { language })).data as Array<{ id: number; name: string; isDefault: boolean; phoneCount: number }>;
}

test('simple-list: the default group first, named per language, with phone counts', async () => {
  const ctx = await demo();
  const en = await groups(ctx);
  assert.equal(en.map((g) => [g.name, g.isDefault]), [['Default group', true], ['Work', false], ['Games', false]]);
  assert.equal(en.map((g) => g.phoneCount), [11, 7, 6]);
  const zh = await groups(ctx, 'zh-CN');
  assert.equal(zh.map((g) => g.name), ['默认分组', 'Work', 'Games']);
  assert.equal(zh.map((g) => g.id), en.map((g) => g.id));
  assert.is((await ctx.call(LIST, { token: '' })).code, ErrorCode.UNAUTHORIZED);
});

test('the default group is created once, lazily, for users that lack one', async () => {
  const ctx = await setup();
  const token = (await ctx.smsLogin('13912345678')).data.accessToken;
  const userId = (await ctx.db.value<number>("SELECT id FROM users WHERE mobile = '13912345678'"))!;
  const count = async () => await ctx.db.value('SELECT COUNT(*) FROM phone_groups WHERE user_id = ? AND is_default = TRUE', userId);
  assert.is(await count(), 0);
  const first = await ctx.call(LIST, { token });
  const second = await ctx.call(LIST, { token });
  assert.is(await count(), 1);
  assert.equal(first.data, second.data);
  // Creating a group first still makes the default one, listed before it.
  const guest = (await ctx.guestLogin()).data.accessToken;
  assert.is((await ctx.call(`${GROUP}/create`, { body: { name: 'Mine' }, token: guest })).code, 0);
  const list = (await ctx.call(LIST, { token: guest, language: 'zh-CN' })).data;
  assert.equal(list.map((g: any) => [g.name, g.isDefault]), [['默认分组', true], ['Mine', false]]);
});

test('create: checkName, trimmed, unique per user ignoring case, default names reserved', async () => {
  const ctx = await demo();
  const created = await ctx.call(`${GROUP}/create`, { body: { name: '  Shop  ' } });
  assert.is(created.code, 0);
  assert.type(created.data.id, 'number');
  assert.equal((await groups(ctx)).at(-1), { id: created.data.id, name: 'Shop', isDefault: false, phoneCount: 0 });

  // A name that looks like the default group's is refused as the default group's, before any other rule.
  for (const name of ['Shop', 'work', 'GAMES', 'Default group', '默认分组', '默认\u200B分组']) {
    const reply = await ctx.call(`${GROUP}/create`, { body: { name } });
    assert.is(reply.code, ErrorCode.GROUP_NAME_DUPLICATE, name);
    assert.is(reply.msg, 'A group with this name already exists');
  }
  for (const name of ['', '   ', 'g'.repeat(21), '😀'.repeat(21), null, 'g\u202Ep', 'tab\tname', 'a\u2028b']) {
    assert.is((await ctx.call(`${GROUP}/create`, { body: { name } })).code, ErrorCode.NAME_INVALID, String(name));
  }
  assert.is((await ctx.call(`${GROUP}/create`, { body: { name: 7 } })).msg, 'name must be a string');
  assert.is((await ctx.call(`${GROUP}/create`, { body: { name: 'g'.repeat(21) } })).msg, 'Name must be at most 20 characters');
  assert.is((await ctx.call(`${GROUP}/create`, { body: { name: '😀'.repeat(20) } })).code, 0);
  // Stored composed: 20 accented letters typed decomposed (40 code points) fit, and the same name composed is taken.
  assert.is((await ctx.call(`${GROUP}/create`, { body: { name: 'e\u0301'.repeat(20) } })).code, 0);
  assert.is((await ctx.call(`${GROUP}/create`, { body: { name: '\u00e9'.repeat(20) } })).code, ErrorCode.GROUP_NAME_DUPLICATE);
  assert.is((await groups(ctx)).length, 6);
  // Another user may use the same names.
  const green = await demo(100);
  assert.is((await green.call(`${GROUP}/create`, { body: { name: 'Shop' } })).code, 0);
});

test('update: renames a group; the default group and foreign groups are refused', async () => {
  const ctx = await demo();
  const [defaultGroup, work, games] = await groups(ctx);
  assert.is((await ctx.call(`${GROUP}/update`, { method: 'PUT', body: { id: work!.id, name: 'Office' } })).data, true);
  assert.equal((await groups(ctx)).map((g) => g.name), ['Default group', 'Office', 'Games']);
  // Its own name (another case) is fine; another group's is not.
  assert.is((await ctx.call(`${GROUP}/update`, { method: 'PUT', body: { id: work!.id, name: 'OFFICE' } })).code, 0);
  assert.is((await ctx.call(`${GROUP}/update`, { method: 'PUT', body: { id: work!.id, name: 'games' } })).code, ErrorCode.GROUP_NAME_DUPLICATE);
  assert.is((await ctx.call(`${GROUP}/update`, { method: 'PUT', body: { id: games!.id, name: 'x'.repeat(21) } })).code, ErrorCode.NAME_INVALID);

  const fixed = await ctx.call(`${GROUP}/update`, { method: 'PUT', body: { id: defaultGroup!.id, name: 'Renamed' } });
  assert.is(fixed.code, ErrorCode.GROUP_DEFAULT_IMMUTABLE);
  assert.is(fixed.msg, IMMUTABLE);

  const green = await demo(100);
  const foreign = (await groups(green))[0]!.id;
  for (const id of [foreign, 999_999, 'x']) {
    const reply = await ctx.call(`${GROUP}/update`, { method: 'PUT', body: { id, name: 'Mine now' } });
    assert.is(reply.code, ErrorCode.GROUP_NOT_EXIST, String(id));
    assert.is(reply.msg, 'The group does not exist');
  }
  assert.equal((await groups(green, 'zh-CN')).map((g) => g.name), ['默认分组']);
  assert.equal((await groups(ctx)).map((g) => g.name), ['Default group', 'OFFICE', 'Games']);
});

test('delete: the phones move to the default group; the default group and foreign groups are refused', async () => {
  const ctx = await demo();
  const [defaultGroup, work, games] = await groups(ctx);
  const workPhones = (await listPhones(ctx, `groupId=${work!.id}`)).list.map((p) => p.userPhoneId);

  const removed = await ctx.call(`${GROUP}/delete?id=${work!.id}`, { method: 'DELETE' });
  assert.is(removed.code, 0);
  assert.is(removed.data, true);
  const after = await groups(ctx);
  assert.equal(after.map((g) => [g.name, g.phoneCount]), [['Default group', 11 + 7], ['Games', 6]]);
  const moved = (await listPhones(ctx, `groupId=${defaultGroup!.id}`)).list.map((p) => p.userPhoneId);
  assert.ok(workPhones.every((id) => moved.includes(id)));
  assert.is((await ctx.call(`${GROUP}/delete?id=${work!.id}`, { method: 'DELETE' })).code, ErrorCode.GROUP_NOT_EXIST);
  // The name is free again.
  assert.is((await ctx.call(`${GROUP}/create`, { body: { name: 'Work' } })).code, 0);

  const fixed = await ctx.call(`${GROUP}/delete?id=${defaultGroup!.id}`, { method: 'DELETE' });
  assert.is(fixed.code, ErrorCode.GROUP_DEFAULT_IMMUTABLE);
  assert.is(fixed.msg, IMMUTABLE);

  const green = await demo(100);
  const foreign = (await groups(green))[0]!.id;
  assert.is((await ctx.call(`${GROUP}/delete?id=${foreign}`, { method: 'DELETE' })).code, ErrorCode.GROUP_NOT_EXIST);
  assert.is((await ctx.call(`${GROUP}/delete`, { method: 'DELETE' })).code, ErrorCode.GROUP_NOT_EXIST);
  assert.is((await groups(green))[0]!.phoneCount, 6);
  assert.is((await groups(ctx)).find((g) => g.id === games!.id)!.phoneCount, 6);
});

test.run();
