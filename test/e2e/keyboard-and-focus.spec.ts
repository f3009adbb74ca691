/**
 * Accessibility that axe cannot see (WCAG 2.1 AA): focus kept inside sheets and dialogs and given back, the phone
 * view driven by keyboard, touch targets of 44x44 CSS px, and the login and buy pages at 200% zoom.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appUrl, loginWithPassword, openLogin, skipExpiryReminder, useEnglish } from './helpers.ts';
import { openPhoneView, stage, userWithPhones } from './stream-helpers.ts';

async function loginDemo(page: Page): Promise<void> {
  await useEnglish(page);
  await skipExpiryReminder(page);
  await openLogin(page);
  await loginWithPassword(page);
  await expect(page).toHaveURL(/\/app\/demo$/);
}

/** Whether focus sits inside the element matched by `selector`. */
function focusInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => !!document.querySelector(css)?.contains(document.activeElement), selector);
}

/** Presses Tab (or Shift+Tab) more times than the layer has controls; focus must never leave it. */
async function expectTabStaysIn(page: Page, selector: string, shift = false): Promise<void> {
  const count = await page.locator(`${selector} :is(button, a[href], input, textarea, select)`).count();
  for (let i = 0; i < count + 2; i++) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    expect(await focusInside(page, selector), `after ${i + 1} presses`).toBe(true);
  }
}

const sheet = (id: string) => `[data-testid="${id}"]`;
const DIALOG = '.dialog[role="dialog"]';

test('the action sheet and its confirm dialog keep Tab inside, close on Escape and give focus back', async ({ page }) => {
  await loginDemo(page);
  const more = page.getByTestId('phone-more').first();
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('action-sheet')).toBeVisible();
  expect(await focusInside(page, sheet('action-sheet'))).toBe(true);
  await expectTabStaysIn(page, sheet('action-sheet'));
  await expectTabStaysIn(page, sheet('action-sheet'), true);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('action-sheet')).toHaveCount(0);
  await expect(more).toBeFocused();

  // Reboot closes the sheet and asks first: Escape dismisses the question (nothing is rebooted).
  await page.keyboard.press('Enter');
  await page.getByTestId('action-reboot').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(DIALOG)).toBeVisible();
  expect(await focusInside(page, DIALOG)).toBe(true);
  await expectTabStaysIn(page, DIALOG);
  await expectTabStaysIn(page, DIALOG, true);
  await page.keyboard.press('Escape');
  await expect(page.locator(DIALOG)).toHaveCount(0);
  await expect(more).toBeFocused();
});

test('phone view: the stage is named, Tab reaches the tools, a dialog over a sheet closes alone', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Keyboard phone' }]);
  await openPhoneView(page, id!);
  await expect(stage(page)).toHaveAttribute('role', 'img');
  await expect(stage(page)).toHaveAttribute('aria-label', 'Screen of Keyboard phone, live');

  // From the top of the page, Tab reaches the tools handle and never lands on the hidden keyboard field.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const handle = page.getByTestId('tools-open');
  for (let i = 0; i < 8 && !(await handle.evaluate((element) => element === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('stream-keyboard')).not.toBeFocused();
  }
  await expect(handle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tools-sheet')).toBeVisible();
  expect(await focusInside(page, sheet('tools-sheet'))).toBe(true);
  await expectTabStaysIn(page, sheet('tools-sheet'));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tools-sheet')).toHaveCount(0);
  await expect(handle).toBeFocused();
  // Space presses the focused handle; it is not typed on the phone.
  await page.keyboard.press(' ');
  await expect(page.getByTestId('tools-sheet')).toBeVisible();

  // A phrase's delete question opens over the clipboard sheet: Escape closes the question only.
  await page.getByTestId('tool-clipboard').click();
  await page.getByTestId('clipboard-text').fill('hello');
  await page.getByTestId('phrase-save').click();
  const remove = page.getByTestId('phrase-delete').first();
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(DIALOG)).toBeVisible();
  await expectTabStaysIn(page, DIALOG);
  await page.keyboard.press('Escape');
  await expect(page.locator(DIALOG)).toHaveCount(0);
  await expect(page.getByTestId('clipboard-panel')).toBeVisible();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('clipboard-panel')).toHaveCount(0);
  await expect(handle).toBeFocused();
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
});

/** Every control matched is at least 44x44 CSS px (the viewport is 390x844, as configured). */
async function expectTargets(controls: Locator, name: string): Promise<void> {
  const count = await controls.count();
  expect(count, `${name}: none found`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = (await controls.nth(i).boundingBox())!;
    expect(box, `${name} #${i} is not shown`).not.toBeNull();
    expect(Math.round(box.width), `${name} #${i} width`).toBeGreaterThanOrEqual(44);
    expect(Math.round(box.height), `${name} #${i} height`).toBeGreaterThanOrEqual(44);
  }
}

test('main actions are at least 44x44 CSS px', async ({ page }) => {
  await useEnglish(page);
  await skipExpiryReminder(page);
  await openLogin(page);
  await expectTargets(page.getByTestId('language-switch'), 'language switch');
  await expectTargets(page.getByTestId('send-code'), 'send code');
  await expectTargets(page.locator('label.check'), 'agreement checkbox label');
  await expectTargets(page.getByTestId('login-submit'), 'login');
  await loginWithPassword(page);
  await expect(page).toHaveURL(/\/app\/demo$/);

  await expect(page.locator('.tabbar__item').first()).toBeVisible();
  await expectTargets(page.locator('.tabbar__item'), 'tab bar item');
  await expectTargets(page.getByTestId('phone-more').first(), 'more button');
  await page.getByTestId('phone-more').first().click();
  await expectTargets(page.locator('[data-testid="action-sheet"] .sheet__action'), 'sheet action');
  await expectTargets(page.getByTestId('sheet-close'), 'sheet close row');
  await page.getByTestId('action-reboot').click();
  // The dialog host loads on the first dialog: counted once it shows, not while it is on its way.
  await expect(page.locator(`${DIALOG} .btn`).first()).toBeVisible();
  await expectTargets(page.locator(`${DIALOG} .btn`), 'dialog button');
  await page.keyboard.press('Escape');

  await page.goto(appUrl('/add-phone/demo'));
  await expect(page.getByTestId('grade-1')).toBeVisible();
  await expectTargets(page.locator('.page-header__back'), 'header back');
  await expectTargets(page.locator('.chip'), 'chip');
  await expectTargets(page.locator('.stepper .btn'), 'quantity stepper');
});

test('phone-view toolbar targets are at least 44x44 CSS px', async ({ page }) => {
  const [id] = await userWithPhones(page, [{ name: 'Targets' }]);
  await openPhoneView(page, id!);
  await expectTargets(page.locator('.pv-keys__key'), 'virtual key');
  await expectTargets(page.getByTestId('tools-open'), 'tools handle');
  await page.getByTestId('tools-open').click();
  await expectTargets(page.locator('[data-testid="tools-sheet"] .sheet__action'), 'tool');
});

/**
 * 200% zoom. The app's fonts are in px, so a larger root font-size changes nothing, and desktop Chromium ignores
 * -webkit-text-size-adjust. Browser zoom at 200% is what WCAG 1.4.4 asks to survive: it doubles the CSS pixel,
 * so the 390x844 phone becomes a 195x422 CSS px viewport, which is what we set (and deviceScaleFactor 4 keeps the
 * device pixels, for sharp screenshots). Then no element may clip its text sideways, nothing may stick out of
 * the window, and the submit button must be reachable by scrolling.
 */
async function expectNoClipping(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    for (const element of document.querySelectorAll<HTMLElement>('.app *')) {
      const rect = element.getBoundingClientRect();
      if (!rect.width || !rect.height) continue;
      const style = getComputedStyle(element);
      // A sideways scroller (tab strips) may be wider inside; anything else wider than itself is cut off.
      const scroller = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (!scroller && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) found.push(`clipped: ${name(element)}`);
      if (rect.right > width + 1 || rect.left < -1) found.push(`outside the window: ${name(element)}`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}

async function zoom200(page: Page): Promise<void> {
  await page.setViewportSize({ width: 195, height: 422 });
}

/** Screenshots for a person to look at: the first screen, and the end of the page once scrolled to `last`. */
async function shoot(page: Page, name: string, last: Locator): Promise<void> {
  await page.screenshot({ path: `/tmp/zoom-${name}.png` });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await page.screenshot({ path: `/tmp/zoom-${name}-end.png` });
}

test.describe('at 200% zoom', () => {
  test.use({ deviceScaleFactor: 4 });

  // Both languages: English words are longer, Chinese lines cannot break at spaces.
  for (const language of ['en-US', 'zh-CN']) {
    test(`the login page keeps its text and its submit button (${language})`, async ({ page }) => {
      await page.addInitScript((code) => localStorage.setItem('language', JSON.stringify(code)), language);
      await zoom200(page);
      await openLogin(page);
      await expectNoClipping(page);
      if (language === 'en-US') await shoot(page, 'login', page.getByTestId('login-submit'));
      else await page.getByTestId('login-submit').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('login-submit')).toBeInViewport();
    });

    test(`the buy page keeps its text and its buy button (${language})`, async ({ page }) => {
      await page.addInitScript((code) => localStorage.setItem('language', JSON.stringify(code)), language);
      await skipExpiryReminder(page);
      await openLogin(page);
      await loginWithPassword(page);
      await expect(page).toHaveURL(/\/app\/demo$/);
      await zoom200(page);
      await page.goto(appUrl('/add-phone/demo'));
      await expect(page.getByTestId('grade-1')).toBeVisible();
      await page.getByTestId('package-30').click();
      await expectNoClipping(page);
      if (language === 'en-US') await shoot(page, 'buy', page.getByTestId('quantity-more'));
      await expect(page.getByTestId('buy-submit')).toBeInViewport();
    });
  }
});
