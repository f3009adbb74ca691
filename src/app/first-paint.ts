/**
 * The moment the app's first page has been painted. Boot work that no first screen needs waits for it, so that it
 * does not run among that page's own work on a slow phone's one busy thread: a returning visitor's refresh of the
 * client data, for one (client-state.ts), which the page has shown from its cache meanwhile. A page opened hidden
 * paints nothing until it is shown, and so that work waits until then too.
 */
let painted: () => void = () => {};

export const firstPagePainted = new Promise<void>((resolve) => (painted = resolve));

/** The first page has rendered (it is about to be painted): resolves `firstPagePainted` once that frame is drawn. */
export function firstPageRendered(): void {
  requestAnimationFrame(() => setTimeout(painted));
}

let held: Promise<unknown> = Promise.resolve();

/**
 * A page whose first screen is not done when it is painted (a share link's page until its first picture) holds boot's
 * idle loads until `until` settles, so they are not on the link beside what it still waits for (main.tsx).
 */
export function holdIdleLoads(until: Promise<unknown>): void {
  held = until;
}

/** Settles once what a page held the idle loads for has (at once when none did). */
export const idleLoadsReleased = (): Promise<unknown> => held.then(
  () => {},
  () => {},
);
