import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { demo, GROUP, PHONE, phoneId, phoneRow } from '../device-helpers.ts';

// server/API.md "Names": a name is refused by the Unicode category of its characters (shared/validate.ts), and a
// group name that looks like the default group's (shared/name-lookalike.ts) is refused as the default group's.

const hex = (s: string) => [...s].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
const INVALID_CHARACTERS = 'Name contains control, invisible or text-direction characters';
const TAKEN = 'A group with this name already exists';

/** Characters that draw nothing, or look like a space, alone or inside a name: each of a refused category. */
const ALONE = ['\u061C', '\u2800', '\u{E0041}', '\u2061', '\u206A', '\uFFF9', '\uE000', '\u0378'];
const INSIDE = ['\u034F', '\u2002', '\u200A', '\u00A0', '\u3000', '\u3164', '\u{E0041}', '\uFFF9'];

test('device rename, nickname and group create refuse invisible and look-alike characters, alone and inside a name', async () => {
  const ctx = await demo();
  const id = await phoneId(ctx, 'Shop assistant');
  const names = [...ALONE, ...ALONE.map((c) => `ab${c}`), ...INSIDE.map((c) => `a${c}b`)];
  for (const name of names) {
    const rename = await ctx.call(`${PHONE}/rename`, { method: 'PUT', body: { userPhoneId: id, name } });
    assert.equal([rename.code, rename.msg], [ErrorCode.NAME_INVALID, INVALID_CHARACTERS], `rename ${hex(name)}`);
    const nickname = await ctx.call('/api/merchant/user/update', { method: 'PUT', body: { nickname: name } });
    assert.equal([nickname.code, nickname.msg], [ErrorCode.NAME_INVALID, INVALID_CHARACTERS], `nickname ${hex(name)}`);
    const group = await ctx.call(`${GROUP}/create`, { body: { name } });
    assert.equal([group.code, group.msg], [ErrorCode.NAME_INVALID, INVALID_CHARACTERS], `group ${hex(name)}`);
  }
  assert.is((await phoneRow(ctx, id)).name, 'Shop assistant', 'nothing was renamed');
  assert.is((await ctx.call(`${GROUP}/simple-list`)).data.length, 3, 'no group was made');
  // Real text still passes: emoji with joiners, Persian with its non-joiner, Chinese with a plain space.
  for (const name of ['👨\u200D👩\u200D👧 家', 'می\u200Cخواهم', '我的 手机']) {
    assert.is((await ctx.call(`${PHONE}/rename`, { method: 'PUT', body: { userPhoneId: id, name } })).code, 0, name);
    assert.is((await phoneRow(ctx, id)).name, name);
  }
});

test('group names that look like the default group are refused as the default group, on create and rename', async () => {
  const ctx = await demo();
  const lookalikes = [
    'Default\u00A0group', // no-break space
    'ＤＥＦＡＵＬＴ ＧＲＯＵＰ', // fullwidth
    'D\u0435fault group', // Cyrillic е
    'Def\u0430ult gr\u043Eu\u0440', // Cyrillic а, о, р
    'Default gr\u03BFup', // Greek ο
    'Default\u2003group', // em space
    'DefauIt group', // capital I for l
    'Default  group', // two spaces
    '默认\u3000分组', // ideographic space
    '默認分組', // traditional characters
    '默认\u200B分组', // zero-width space
  ];
  const [work] = (await ctx.call(`${GROUP}/simple-list`)).data.filter((g: any) => !g.isDefault);
  for (const name of lookalikes) {
    const created = await ctx.call(`${GROUP}/create`, { body: { name } });
    assert.equal([created.code, created.msg], [ErrorCode.GROUP_NAME_DUPLICATE, TAKEN], `create ${hex(name)}`);
    const renamed = await ctx.call(`${GROUP}/update`, { method: 'PUT', body: { id: work.id, name } });
    assert.equal([renamed.code, renamed.msg], [ErrorCode.GROUP_NAME_DUPLICATE, TAKEN], `rename ${hex(name)}`);
  }
  const names = (await ctx.call(`${GROUP}/simple-list`)).data.map((g: any) => g.name);
  assert.equal(names, ['默认分组', 'Work', 'Games']);
  // Names near it are other names.
  for (const name of ['Default groups', 'My default group', '默认']) assert.is((await ctx.call(`${GROUP}/create`, { body: { name } })).code, 0, name);
});

test.run();
