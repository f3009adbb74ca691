/**
 * The app runs whole under the reference server's Content-Security-Policy: login, home, a live stream over the
 * same-origin WebSocket and a screenshot raise no violation, while a script injected inline is refused.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { appUrl } from './helpers.ts';
import { openPhoneView, openTool, stage, userWithPhones } from './stream-helpers.ts';

/** Records every CSP violation the page reports, from the first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('the app works under its policy: no violation through login, home, a live stream and a screenshot', async ({ page }) => {
  const violations = await recordViolations(page);
  const [id] = await userWithPhones(page, [{ name: 'Under policy' }]);
  const response = await page.reload();
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  expect(response!.headers()['referrer-policy']).toBe('same-origin');
  await expect(page.getByTestId('phone-card').filter({ hasText: 'Under policy' })).toBeVisible();
  await openPhoneView(page, id!);
  await expect(stage(page)).toHaveAttribute('data-state', 'playing');
  // The screenshot is saved through a blob: URL, which the policy must allow.
  const [download] = await Promise.all([page.waitForEvent('download'), openTool(page, 'screenshot')]);
  expect(download.suggestedFilename()).toMatch(/\.jpe?g$/);
  expect(await violations()).toEqual([]);
});

test('an inline script injected into the page does not run and is reported', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto(appUrl('/login/demo'));
  await expect(page.locator('#app')).not.toBeEmpty();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
  });
  await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src/));
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
});
