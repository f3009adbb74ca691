import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { demo, GROUP, PHONE, phoneId, phoneRow } from '../device-helpers.ts';
import { CASES_MOBILE, check, give } from '../transfer-helpers.ts';
import { shop, snapshot } from '../commerce-helpers.ts';

// shared/contract/fields.ts: a field takes its own type only. A text field refuses a boolean, an object, an array (and a
// number, where the field does not say numbers count); an optional field refuses a wrong type rather than taking its
// default; an id refuses what is not a number or a string. Each is a 400 that names the field, and nothing changes.

const MOCK = '/api/device/phone-mock-model';
const WRONG_TEXT: unknown[] = [true, false, {}, [], ['ALL'], 7];

const identity = async (ctx: Awaited<ReturnType<typeof demo>>, id: number) => (await ctx.call(`${MOCK}/current`, { body: { userPhoneId: id } })).data;

test('mockType of a wrong type is a 400 naming it, and the phone keeps its model', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Shop assistant');
  const before = await identity(ctx, id);
  const row = await phoneRow(ctx, id);
  for (const mockType of WRONG_TEXT) {
    const one = await ctx.call(`${MOCK}/mock`, { body: { userPhoneId: id, mockType } });
    assert.equal([one.code, one.msg], [ErrorCode.BAD_REQUEST, 'mockType must be a string'], `mock ${JSON.stringify(mockType)}`);
    const batch = await ctx.call(`${MOCK}/batch-mock`, { body: { userPhoneIds: [id], mockType } });
    assert.equal([batch.code, batch.msg], [ErrorCode.BAD_REQUEST, 'mockType must be a string'], `batch ${JSON.stringify(mockType)}`);
  }
  assert.equal(await identity(ctx, id), before, 'the model and identity are unchanged');
  assert.equal(await phoneRow(ctx, id), row, 'no reboot started');
  assert.is((await ctx.call(`${MOCK}/mock-log-list`)).data.total, 0, 'no change recorded');
  // Left out, the type is still ALL.
  assert.is((await ctx.call(`${MOCK}/mock`, { body: { userPhoneId: id } })).data.success, true);
});

test('names, ids and texts of a wrong type: 400 naming the field', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Shop assistant');
  const groups = (await ctx.call(`${GROUP}/simple-list`)).data;
  const work = groups.find((g: any) => g.name === 'Work');
  const owner = (await phoneRow(ctx, id)).user_id;

  for (const name of [true, {}, ['Work'], 7]) {
    const created = await ctx.call(`${GROUP}/create`, { body: { name } });
    assert.equal([created.code, created.msg], [ErrorCode.BAD_REQUEST, 'name must be a string'], `create ${JSON.stringify(name)}`);
    const renamed = await ctx.call(`${PHONE}/rename`, { method: 'PUT', body: { userPhoneId: id, name } });
    assert.equal([renamed.code, renamed.msg], [ErrorCode.BAD_REQUEST, 'name must be a string'], `rename ${JSON.stringify(name)}`);
  }
  for (const groupId of [{}, { id: work.id }, [work.id], true]) {
    const renamed = await ctx.call(`${GROUP}/update`, { method: 'PUT', body: { id: groupId, name: 'Office' } });
    assert.equal([renamed.code, renamed.msg], [ErrorCode.BAD_REQUEST, 'id must be a positive integer'], `group ${JSON.stringify(groupId)}`);
    const moved = await ctx.call(`${PHONE}/set-group`, { method: 'PUT', body: { userPhoneIds: [id], groupId } });
    assert.equal([moved.code, moved.msg], [ErrorCode.BAD_REQUEST, 'groupId must be a positive integer'], `set-group ${JSON.stringify(groupId)}`);
  }
  assert.equal((await ctx.call(`${GROUP}/simple-list`)).data, groups, 'no group made, renamed or refilled');
  assert.is((await phoneRow(ctx, id)).name, 'Shop assistant');

  // An account may be named by its digits, but not by a boolean or an object.
  for (const target of [true, {}, [CASES_MOBILE]]) {
    for (const call of [check, give]) {
      const reply = await call(ctx, [id], target);
      assert.equal([reply.code, reply.msg], [ErrorCode.BAD_REQUEST, 'target must be a string or a number'], JSON.stringify(target));
    }
  }
  assert.is((await phoneRow(ctx, id)).user_id, owner, 'the phone was not given away');
  assert.is((await check(ctx, [id], Number(CASES_MOBILE))).code, 0, 'a mobile sent as a number is read');
});

test('activation codes: ids that are not an array, codes that are not text, are a 400 naming the field; nothing done', async () => {
  const ctx = await shop();
  const id = await phoneId(ctx, 'Shop assistant');
  const before = await snapshot(ctx);
  const ACTIVATE = '/api/product/activation-code/activate';
  for (const userPhoneIds of [`${id}`, id, { 0: id }, true]) {
    for (const type of [1, 2]) {
      const reply = await ctx.call(ACTIVATE, { body: { type, codes: ['RENSTD000001'], userPhoneIds } });
      assert.equal([reply.code, reply.msg], [ErrorCode.BAD_REQUEST, 'userPhoneIds must be an array of ids'], `type ${type}, ${JSON.stringify(userPhoneIds)}`);
    }
  }
  for (const code of [true, {}, ['NEWSTD000001'], null]) {
    const reply = await ctx.call(ACTIVATE, { body: { type: 1, codes: ['NEWSTD000001', code] } });
    assert.equal([reply.code, reply.msg], [ErrorCode.BAD_REQUEST, 'codes must be an array of codes'], JSON.stringify(code));
  }
  assert.equal(await snapshot(ctx), before, 'no code used, no phone made or renewed');
});

test.run();
