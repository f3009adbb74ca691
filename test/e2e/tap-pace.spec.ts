/**
 * Taps at a steady pace on loopback, as someone typing or playing taps (server/API.md "Streaming"): every tap on
 * the status bar is answered by a picture showing its touch dot within a second, and every dot fades again within a
 * second of its finger lifting, whether the taps come 600 ms or 300 ms apart.
 */
import { expect, test, type Page } from '@playwright/test';
import { openPhoneView, stage, userWithPhones } from './stream-helpers.ts';

/** Fresh x positions in turn (layout units), 70 apart, more than the dot's diameter, clear of the clock. */
const TAP_XS = [140, 210, 280, 350, 420, 490];
/** The status bar's middle, in layout units (720 x 1280): a tap there changes nothing but the dot. */
const STATUS_BAR_Y = 24;
/** The pixel looked at is in the dot's bright ring, right of the finger. */
const RING_OFFSET_X = 21;
const TAPS = 24;
const ANSWER_MS = 1000;

interface PaceResult {
  /** ms from each finger down to the first picture showing its dot; null: none within ANSWER_MS. */
  shown: Array<number | null>;
  /** ms from each finger up to the first picture without its dot; null: none within ANSWER_MS. */
  faded: Array<number | null>;
}

/** Taps every `paceMs` (down, up `holdMs` later) whatever the pictures do, and times each dot's showing and fading. */
function tapAtPace(page: Page, paceMs: number, holdMs: number, xs: number[]): Promise<PaceResult> {
  return page.evaluate(
    async ({ paceMs, holdMs, taps, xs, y, ring, answerMs }) => {
      const el = document.querySelector<HTMLElement>('[data-testid="stream-stage"]')!;
      const canvas = el.querySelector('canvas')!;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      const light = (lx: number) => {
        const data = context.getImageData(Math.round((lx * canvas.width) / 720) - 1, Math.round((y * canvas.height) / 1280) - 1, 3, 3).data;
        let sum = 0;
        for (let i = 0; i < data.length; i += 4) sum += data[i]! + data[i + 1]! + data[i + 2]!;
        return sum / 27;
      };
      const base = xs.map((x) => light(x + ring));
      const lit = (k: number) => light(xs[k]! + ring) - base[k]! > Math.max(12, 0.18 * (255 - base[k]!));
      /** The time of the first picture drawn from now on for which `test` holds, or null after answerMs. */
      const pictureWhere = (test: () => boolean) =>
        new Promise<number | null>((resolve) => {
          const observer = new MutationObserver(() => {
            const at = performance.now();
            if (test()) done(at);
          });
          const timer = setTimeout(() => done(null), answerMs);
          const done = (at: number | null) => {
            observer.disconnect();
            clearTimeout(timer);
            resolve(at);
          };
          observer.observe(el, { attributes: true, attributeFilter: ['data-frames'] });
        });
      const finger = (type: string, x: number) => {
        const box = el.getBoundingClientRect();
        const point = { clientX: box.left + (box.width * x) / 720, clientY: box.top + (box.height * y) / 1280 };
        el.dispatchEvent(new PointerEvent(type, { pointerId: 1, bubbles: true, cancelable: true, isPrimary: true, pointerType: 'touch', ...point }));
      };
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const shown: Array<Promise<number | null>> = [];
      const faded: Array<Promise<number | null>> = [];
      const startAt = performance.now();
      for (let i = 0; i < taps; i++) {
        await sleep(Math.max(0, startAt + i * paceMs - performance.now()));
        const k = i % xs.length;
        const downAt = performance.now();
        const dot = pictureWhere(() => lit(k));
        shown.push(dot.then((at) => (at === null ? null : at - downAt)));
        finger('pointerdown', xs[k]!);
        const upAt = downAt + holdMs;
        if (holdMs) void sleep(holdMs).then(() => finger('pointerup', xs[k]!));
        else finger('pointerup', xs[k]!);
        // Looked for once the dot showed: an earlier picture lacks it too.
        faded.push(dot.then((at) => (at === null ? null : pictureWhere(() => !lit(k)).then((gone) => (gone === null ? null : gone - upAt)))));
      }
      return { shown: await Promise.all(shown), faded: await Promise.all(faded) };
    },
    { paceMs, holdMs, taps: TAPS, xs, y: STATUS_BAR_Y, ring: RING_OFFSET_X, answerMs: ANSWER_MS },
  );
}

/**
 * Each pace's runs: a quick tap (down and up together, as a touchscreen's) or a held one (up 100 ms later), at fresh
 * spots in turn or always the same one (a key tapped again: its dot must have faded in time to show again).
 */
const RUNS: Record<number, Array<{ holdMs: number; xs: number[] }>> = {
  600: [
    { holdMs: 100, xs: TAP_XS },
    { holdMs: 100, xs: [TAP_XS[0]!] },
  ],
  300: [
    { holdMs: 0, xs: TAP_XS },
    { holdMs: 100, xs: TAP_XS },
  ],
};

for (const [paceMs, runs] of Object.entries(RUNS)) {
  test(`taps every ${paceMs} ms each show their dot within a second, and each dot fades within a second`, async ({ page }) => {
    test.setTimeout(60_000);
    const [id] = await userWithPhones(page, [{ name: `Taps ${paceMs}` }]);
    await openPhoneView(page, id!);
    await expect(stage(page)).toHaveAttribute('data-frame-width', '720');
    for (const { holdMs, xs } of runs) {
      const { shown, faded } = await tapAtPace(page, Number(paceMs), holdMs, xs);
      const run = `hold ${holdMs} ms, ${xs.length} spots`;
      expect(shown.filter((ms) => ms === null), `taps with no dot within ${ANSWER_MS} ms (${run}): ${shown.join(' ')}`).toEqual([]);
      expect(faded.filter((ms) => ms === null), `dots not faded within ${ANSWER_MS} ms (${run}): ${faded.join(' ')}`).toEqual([]);
    }
  });
}
