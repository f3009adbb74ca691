/**
 * Focus containment for modal layers (sheets, dialogs; WCAG 2.1.2, 2.4.3). Traps form a stack: only the newest one
 * answers Tab, Shift+Tab and Escape, so a dialog opened over a sheet holds the keys and Escape closes it alone.
 * One document listener serves every trap: a dialog's focus may sit anywhere (on the body after a tap on the
 * backdrop, say), so the layer's own onKeyDown would miss keys. Focus is never pulled back on `focusin`: a
 * layer may hand it on on purpose as it closes (the phone-view keyboard tool focuses its textarea).
 */

export interface FocusTrapOptions {
  /** Escape pressed while this trap is the top one. */
  onEscape?: () => void;
  /** Where focus goes when the trap starts (the layer itself by default, so nothing is triggered by Enter). */
  initialFocus?: HTMLElement | null;
}

interface Trap {
  root: HTMLElement;
  onEscape?: () => void;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), iframe, [contenteditable=""], [contenteditable="true"], [tabindex]';

const stack: Trap[] = [];
/** Each layer's opener, kept after it closes: a dialog opened from a sheet button that is gone by now hands focus on to what opened the sheet. */
const openers = new WeakMap<HTMLElement, HTMLElement | null>();

/** The elements Tab can reach inside `root`, in document order. */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => {
    if (element.tabIndex < 0 || element.closest('[hidden], [inert]')) return false;
    // Layout-free DOMs (the unit tests) have no checkVisibility; there, everything present counts as shown.
    return typeof element.checkVisibility !== 'function' || element.checkVisibility({ visibilityProperty: true });
  });
}

function onKeyDown(event: KeyboardEvent): void {
  const top = stack[stack.length - 1];
  if (!top || event.defaultPrevented || event.isComposing) return;
  if (event.key === 'Escape') {
    if (!top.onEscape) return;
    // Handled here, so the page under the layer (the phone view's physical keyboard) does not act on it too.
    event.preventDefault();
    event.stopPropagation();
    top.onEscape();
  } else if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey) {
    const inside = tabbables(top.root);
    const active = document.activeElement as HTMLElement | null;
    const first = inside[0];
    const last = inside[inside.length - 1];
    const within = !!active && top.root.contains(active);
    let target: HTMLElement | undefined;
    if (!first || !last) target = top.root;
    else if (event.shiftKey && (!within || active === first || active === top.root)) target = last;
    else if (!event.shiftKey && (!within || active === last || active === top.root)) target = first;
    // Between the ends the browser's own order already stays inside.
    if (!target) return;
    event.preventDefault();
    target.focus();
  }
}

/**
 * Starts a trap on `root` (which should have tabIndex -1, to take focus itself): moves focus into it and returns
 * the release, which ends the trap and gives focus back to the opener unless something else took it meanwhile.
 */
export function trapFocus(root: HTMLElement, options: FocusTrapOptions = {}): () => void {
  const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  openers.set(root, opener);
  const trap: Trap = { root, onEscape: options.onEscape };
  if (stack.length === 0) document.addEventListener('keydown', onKeyDown);
  stack.push(trap);
  (options.initialFocus ?? root).focus();
  return () => {
    const index = stack.indexOf(trap);
    if (index < 0) return;
    stack.splice(index, 1);
    if (stack.length === 0) document.removeEventListener('keydown', onKeyDown);
    const now = document.activeElement;
    // Focus left on purpose (another field, a newer layer) stays where it went.
    if (now && now !== document.body && !root.contains(now)) return;
    restoreTo(opener);
  };
}

/** Focuses `element`, or, if it has left the page with its own layer, that layer's opener, and so on. */
function restoreTo(element: HTMLElement | null): void {
  const seen = new Set<HTMLElement>();
  let target = element;
  while (target && !target.isConnected && !seen.has(target)) {
    seen.add(target);
    const layer = findLayerOf(target);
    target = layer ? (openers.get(layer) ?? null) : null;
  }
  if (target?.isConnected) target.focus();
}

/** The closed layer a detached element belonged to: walk up its detached tree to a root we recorded. */
function findLayerOf(element: HTMLElement): HTMLElement | null {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (openers.has(node)) return node;
  }
  return null;
}

/** How many traps are active (tests). */
export function activeTrapCount(): number {
  return stack.length;
}
