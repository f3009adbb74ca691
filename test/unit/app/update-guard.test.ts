import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { holdUpdates, reloadOnNavigation, releaseHoldsOf, resetUpdateGuard } from '../../../src/app/update-guard.ts';
import { hasTypedInput, reloadWhenHidden, updateActivated } from '../../../src/app/idle/update-arrival.ts';
import { leaveRoute, registerStreamSession } from '../../../src/app/stream-session.ts';

let reloads = 0;
test.before.each(() => {
  reloads = 0;
  resetUpdateGuard(() => void reloads++);
  document.body.innerHTML = '';
});

test('an update with nothing going on reloads at once, and only once', () => {
  assert.is(updateActivated(), 'reloaded');
  assert.is(updateActivated(), 'reloaded');
  assert.ok(reloadOnNavigation());
  assert.is(reloads, 1);
});

test('a live phone session defers the reload to the navigation that ends it', () => {
  registerStreamSession({ destroy: () => {} });
  assert.is(updateActivated(), 'deferred');
  reloadWhenHidden();
  assert.is(reloads, 0, 'hiding the page during a session cuts nothing');
  leaveRoute('phoneView', 'phoneViewSwitch');
  assert.not.ok(reloadOnNavigation(), 'switching phones keeps the session');
  leaveRoute('phoneViewSwitch', 'home');
  assert.ok(reloadOnNavigation());
  assert.is(reloads, 1);
});

test('a holder (a payment) defers until released; then hiding the page reloads', () => {
  const release = holdUpdates();
  assert.is(updateActivated(), 'deferred');
  assert.not.ok(reloadOnNavigation());
  reloadWhenHidden();
  assert.is(reloads, 0);
  release();
  release();
  reloadWhenHidden();
  assert.is(reloads, 1);
});

test('a page holding for as long as it is shown lets go when the route view leaves it', () => {
  const releaseOnUnmount = holdUpdates('payment');
  const otherPage = holdUpdates('phoneView');
  assert.is(updateActivated(), 'deferred');
  releaseHoldsOf('payment');
  assert.not.ok(reloadOnNavigation(), 'another page still holds');
  otherPage();
  assert.ok(reloadOnNavigation());
  releaseOnUnmount();
  assert.is(reloads, 1);
});

test('typed input defers; hiding keeps it, leaving the page reloads', () => {
  document.body.innerHTML = '<form><input id="mobile" type="tel"><input type="checkbox" checked></form>';
  const field = document.getElementById('mobile') as HTMLInputElement;
  assert.not.ok(hasTypedInput(), 'an empty field and a checkbox are not typed input');
  field.value = '1380013';
  assert.ok(hasTypedInput());
  assert.is(updateActivated(), 'deferred');
  reloadWhenHidden();
  assert.is(reloads, 0, 'the typed text survives the page being hidden');
  assert.ok(reloadOnNavigation(), 'navigating away abandons the form anyway');
  assert.is(reloads, 1);
});

test('no update, no reload: navigation and hiding alone never reload', () => {
  assert.not.ok(reloadOnNavigation());
  reloadWhenHidden();
  assert.is(reloads, 0);
});

test('read-only, disabled and textarea fields', () => {
  document.body.innerHTML = '<input readonly value="x"><input disabled value="y"><textarea></textarea>';
  assert.not.ok(hasTypedInput());
  (document.querySelector('textarea') as HTMLTextAreaElement).value = 'note';
  assert.ok(hasTypedInput());
});

test.run();
