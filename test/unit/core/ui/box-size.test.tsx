import '../../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { useRef } from 'react';
import { useBoxSize } from '../../../../src/core/ui/use-box-size.ts';
import { VirtualGrid } from '../../../../src/core/ui/virtual-grid/virtual-grid.tsx';
import { settle } from '../../dom.ts';

/**
 * A resize observer the test drives, and animation frames the test runs: a size taken inside the observer's callback
 * renders before the browser lays the frame out, which is the "ResizeObserver loop" error when that render moves the
 * box (Firefox, on every load of home).
 */
const observers: Array<{ callback: ResizeObserverCallback; targets: Element[] }> = [];
let frames: FrameRequestCallback[] = [];
const native = { ResizeObserver: globalThis.ResizeObserver, raf: globalThis.requestAnimationFrame, caf: globalThis.cancelAnimationFrame };

test.before.each(() => {
  observers.length = 0;
  frames = [];
  globalThis.ResizeObserver = class {
    private entry: { callback: ResizeObserverCallback; targets: Element[] };
    constructor(callback: ResizeObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.entry.targets = [];
    }
  } as unknown as typeof ResizeObserver;
  globalThis.requestAnimationFrame = (callback: FrameRequestCallback) => frames.push(callback);
  globalThis.cancelAnimationFrame = (id: number) => {
    if (id > 0) frames[id - 1] = () => {};
  };
});
test.after.each(() => {
  const boxes = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  delete boxes.clientWidth;
  delete boxes.clientHeight;
  globalThis.ResizeObserver = native.ResizeObserver;
  globalThis.requestAnimationFrame = native.raf;
  globalThis.cancelAnimationFrame = native.caf;
});

/** What the observer reports to its callback: a change of the box it watches. */
async function reportResize(target: Element): Promise<void> {
  for (const observer of observers) {
    if (!observer.targets.includes(target)) continue;
    observer.callback([{ target } as unknown as ResizeObserverEntry], observer as unknown as ResizeObserver);
  }
  // The callback's own microtasks (preact renders in one) run before the browser lays the frame out.
  await Promise.resolve();
  await Promise.resolve();
}

async function runFrames(): Promise<void> {
  const due = frames;
  frames = [];
  await act(() => due.forEach((callback) => callback(performance.now())));
  await settle();
}

/** The inner size every element reports until the test ends (happy-dom lays nothing out). */
function everyBox(width: number, height: number): void {
  Object.defineProperty(window.HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(window.HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
}

/** Sets the inner size one element reports. */
function sizeOf(element: HTMLElement, width: number, height: number): void {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: height });
}

test('the grid takes a new size in the next frame, not inside the observer callback', async () => {
  const root = document.createElement('div');
  document.body.append(root);
  // Its first measure, in the layout effect, sees 390 px (no scrollbar yet); the observer then reports 378.
  everyBox(390, 600);
  await act(() =>
    render(
      <VirtualGrid items={[1, 2, 3, 4]} columns={2} gap={10} rowHeight={(width) => width} itemKey={(n) => n} renderItem={(n) => <span>{n}</span>} testId="grid" />,
      root,
    ),
  );
  const grid = root.querySelector<HTMLElement>('[data-testid="grid"]')!;
  const cellWidth = () => root.querySelector<HTMLElement>('.vgrid__cell')!.style.width;
  assert.is(cellWidth(), '180px');
  sizeOf(grid, 378, 600);
  await reportResize(grid);
  assert.is(cellWidth(), '180px', 'nothing is laid out anew inside the observer callback');
  await runFrames();
  assert.is(cellWidth(), '174px', 'the next frame takes the new width');
  await act(() => render(null, root));
  root.remove();
});

test('useBoxSize measures in the next frame and keeps its state while the size stays the same', async () => {
  const root = document.createElement('div');
  document.body.append(root);
  let renders = 0;
  let seen = { width: 0, height: 0 };
  let box: HTMLDivElement | null = null;
  function Probe() {
    const ref = useRef<HTMLDivElement>(null);
    seen = useBoxSize(ref);
    renders++;
    return <div ref={(element) => { ref.current = element; box = element; }} />;
  }
  everyBox(300, 200);
  await act(() => render(<Probe />, root));
  await settle();
  assert.equal(seen, { width: 300, height: 200 });
  const afterMount = renders;
  await reportResize(box!);
  await runFrames();
  assert.is(renders, afterMount, 'the same size renders nothing');
  sizeOf(box!, 320, 200);
  await reportResize(box!);
  assert.equal(seen, { width: 300, height: 200 }, 'not inside the callback');
  await runFrames();
  assert.equal(seen, { width: 320, height: 200 });
  await act(() => render(null, root));
  root.remove();
});

test.run();
