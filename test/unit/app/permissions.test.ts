import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { enabledFunctions } from '../../../src/app/permissions.ts';
import { entryAllowed } from '../../../src/app/entry-rules.ts';
import type { ClientFunction } from '../../../src/app/client-api.ts';

const entry = (key: string, enable?: unknown): ClientFunction =>
  ({ key, name: key, props: {}, ...(enable === undefined ? {} : { enable }) }) as ClientFunction;
const keys = (...names: string[]) => new Set(names);

test('only entries with enable === true are permissions; false, missing and truthy non-booleans are not', () => {
  const list = [entry('root_button', true), entry('reboot_button', false), entry('reset_button'), entry('discovery', 1), entry('renew_button', 'true')];
  assert.equal(enabledFunctions(list).map((item) => item.key), ['root_button']);
  assert.equal(enabledFunctions([]), []);
});

test('renew needs renew_button and a purchase key its gate can use', () => {
  assert.ok(entryAllowed('recharge-phone', keys('renew_button', 'productBuy')));
  assert.ok(entryAllowed('recharge-phone', keys('renew_button', 'activation_code')), 'the gate sends it to activation codes');
  assert.not.ok(entryAllowed('recharge-phone', keys('renew_button')), 'neither purchase key: the gate would stay');
  assert.not.ok(entryAllowed('recharge-phone', keys('productBuy', 'activationCode')), 'renew switched off');
  assert.not.ok(entryAllowed('recharge-single-phone', keys('productBuy')));
});

test('activation code, buy and upgrade each follow their own key', () => {
  assert.ok(entryAllowed('activation-code', keys('activationCode')));
  assert.ok(entryAllowed('activation-code', keys('activation_code')));
  assert.not.ok(entryAllowed('activation-code', keys('productBuy')), 'an entry named activation code never lands on buying');
  assert.ok(entryAllowed('add-phone', keys('product_buy')));
  assert.ok(entryAllowed('add-phone', keys('activationCode')), 'spec §2: buying by activation code');
  assert.not.ok(entryAllowed('add-phone', keys()));
  assert.ok(entryAllowed('upgrade-select-phone', keys('upgrade_button')));
  assert.not.ok(entryAllowed('upgrade-select-phone', keys('productBuy')));
});

test('pages tied to no function key are always reachable', () => {
  for (const segment of ['order-list', 'my-coupon', 'system-setting', 'about-us', 'personal-center', 'profile', ''] as const) {
    assert.ok(entryAllowed(segment, keys()), segment);
  }
});

test.run();
