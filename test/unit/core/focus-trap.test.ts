import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { activeTrapCount, tabbables, trapFocus } from '../../../src/core/ui/focus-trap.ts';

/** A page with an opener button and a layer (tabIndex -1, as sheets and dialogs are) holding `inner` markup. */
function page(inner: string): { opener: HTMLButtonElement; layer: HTMLElement } {
  document.body.innerHTML = `<button id="opener">open</button><div id="layer" tabindex="-1">${inner}</div>`;
  const opener = document.getElementById('opener') as HTMLButtonElement;
  opener.focus();
  return { opener, layer: document.getElementById('layer')! };
}

function press(key: string, shiftKey = false): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event;
}

const focusedId = () => (document.activeElement as HTMLElement | null)?.id;

test.after.each(() => {
  document.body.innerHTML = '';
  assert.is(activeTrapCount(), 0, 'a test left a trap running');
});

test('tabbables: skips disabled, hidden, tabindex -1 and hidden inputs, keeps document order', () => {
  const { layer } = page(
    '<a id="a" href="#">a</a><button id="b" disabled>b</button><input id="c" type="hidden"><span id="d" tabindex="0">d</span>' +
      '<div hidden><button id="e">e</button></div><button id="f" tabindex="-1">f</button><textarea id="g"></textarea>',
  );
  assert.equal(tabbables(layer).map((element) => element.id), ['a', 'd', 'g']);
});

test('focus moves into the layer; Tab and Shift+Tab wrap at its ends', () => {
  const { layer } = page('<button id="one">1</button><button id="two">2</button>');
  const release = trapFocus(layer);
  assert.is(document.activeElement, layer);
  // From the layer itself: Tab goes to the first control, Shift+Tab to the last.
  assert.ok(press('Tab').defaultPrevented);
  assert.is(focusedId(), 'one');
  // Between the ends the browser moves focus itself: the trap leaves the key alone.
  assert.not.ok(press('Tab').defaultPrevented);
  document.getElementById('two')!.focus();
  press('Tab');
  assert.is(focusedId(), 'one');
  press('Tab', true);
  assert.is(focusedId(), 'two');
  release();
});

test('focus that escaped the layer is brought back by the next Tab', () => {
  const { opener, layer } = page('<button id="one">1</button><button id="two">2</button>');
  const release = trapFocus(layer);
  opener.focus();
  press('Tab');
  assert.is(focusedId(), 'one');
  opener.focus();
  press('Tab', true);
  assert.is(focusedId(), 'two');
  release();
});

test('a layer with nothing to tab to keeps focus on itself', () => {
  const { layer } = page('<p>only text</p>');
  const release = trapFocus(layer);
  assert.ok(press('Tab').defaultPrevented);
  assert.is(document.activeElement, layer);
  release();
});

test('Escape calls the top trap only; release gives focus back to the opener', () => {
  const { opener, layer } = page('<button id="one">1</button>');
  const closed: string[] = [];
  const releaseSheet = trapFocus(layer, { onEscape: () => closed.push('sheet') });
  document.getElementById('one')!.focus();
  const dialog = document.createElement('div');
  dialog.tabIndex = -1;
  dialog.innerHTML = '<button id="ok">ok</button>';
  document.body.append(dialog);
  const releaseDialog = trapFocus(dialog, { onEscape: () => closed.push('dialog') });
  assert.is(activeTrapCount(), 2);
  // The dialog holds Tab even though the sheet is still open under it.
  press('Tab');
  assert.is(focusedId(), 'ok');
  assert.ok(press('Escape').defaultPrevented);
  assert.equal(closed, ['dialog']);
  releaseDialog();
  dialog.remove();
  assert.is(focusedId(), 'one');
  press('Escape');
  assert.equal(closed, ['dialog', 'sheet']);
  releaseSheet();
  assert.is(document.activeElement, opener);
  assert.is(activeTrapCount(), 0);
  // With no trap left, keys are the page's again.
  assert.not.ok(press('Escape').defaultPrevented);
});

test('focus handed on elsewhere as the layer closes stays there', () => {
  const { layer } = page('<button id="one">1</button>');
  const field = document.createElement('textarea');
  field.id = 'field';
  document.body.append(field);
  const release = trapFocus(layer);
  field.focus();
  release();
  assert.is(focusedId(), 'field');
});

test('an opener removed with its own layer hands focus on to that layer’s opener', () => {
  const { opener, layer } = page('<button id="action">act</button>');
  const releaseSheet = trapFocus(layer);
  document.getElementById('action')!.focus();
  const dialog = document.createElement('div');
  dialog.tabIndex = -1;
  document.body.append(dialog);
  const releaseDialog = trapFocus(dialog);
  // The sheet closes while its dialog is up (the action closed it), then the dialog closes.
  layer.remove();
  releaseSheet();
  dialog.remove();
  releaseDialog();
  assert.is(document.activeElement, opener);
});

test.run();
