// Waits, as Playwright does before it clicks, until an element can take a person's tap: shown, still (a page slides in
// for 0.28 s, and a driver that clicks it mid-slide scrolls the document sideways to reach it), and on top at its
// centre. Neither WebDriver's click nor puppeteer's waits for this.

/** In the page: true when `selector` can be tapped, else why not (scrolled to the middle when off screen or covered). */
async function tappable(selector) {
  const element = document.querySelector(selector);
  if (!element) return 'not in the page';
  const before = element.getBoundingClientRect();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const box = element.getBoundingClientRect();
  if (!box.width || !box.height) return 'not shown';
  if (box.x !== before.x || box.y !== before.y || box.width !== before.width || box.height !== before.height) return 'moving';
  if (box.top < 0 || box.bottom > innerHeight) {
    element.scrollIntoView({ block: 'center', inline: 'nearest' });
    return 'scrolled into view';
  }
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  const label = element.closest('label');
  if (hit && (element.contains(hit) || (label && label.contains(hit)))) return true;
  // Under a fixed bar (the tab bar, a page header) at the screen's edge: a person scrolls it to the middle.
  element.scrollIntoView({ block: 'center', inline: 'nearest' });
  return `covered by ${hit ? hit.outerHTML.slice(0, 80) : 'nothing'}`;
}

/** Resolves once `selector` is tappable through `evaluate` (the driver's), or fails after `timeout` saying why. */
export async function untilTappable(evaluate, selector, timeout = 10_000) {
  const started = Date.now();
  let reason = '';
  for (;;) {
    try {
      reason = await evaluate(tappable, selector);
      if (reason === true) return;
    } catch (error) {
      // A navigation replaced the document the script ran in: try again.
      reason = String(error);
    }
    if (Date.now() - started > timeout) throw new Error(`${selector} cannot be tapped after ${timeout} ms: ${reason}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
