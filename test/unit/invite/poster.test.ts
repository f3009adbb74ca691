import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { drawPoster, loadImage, LOGO_TIMEOUT_MS, roundedRect, type PathContext, type PosterContent } from '../../../src/invite/poster.ts';

// The poster's drawing (src/invite/poster.ts) against recording fakes: the unit tests run without a canvas.

type Call = [string, ...unknown[]];

/** A 2D context that records every method call and answers measureText with a narrow width. */
function recordingContext(calls: Call[]): CanvasRenderingContext2D {
  const fields: Record<string, unknown> = {};
  return new Proxy(fields, {
    get: (target, name: string) => {
      if (name in target) return target[name];
      if (name === 'measureText') return () => ({ width: 10 });
      return (...args: unknown[]) => void calls.push([name, ...args]);
    },
    set: (target, name: string, value) => {
      target[name] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

test('a rounded rectangle is four arcTo corners, never roundRect, which older webviews lack', () => {
  const calls: Call[] = [];
  const context = recordingContext(calls);
  roundedRect(context as PathContext, 10, 20, 100, 50, 8);
  assert.equal(calls, [
    ['moveTo', 18, 20],
    ['arcTo', 110, 20, 110, 70, 8],
    ['arcTo', 110, 70, 10, 70, 8],
    ['arcTo', 10, 70, 10, 20, 8],
    ['arcTo', 10, 20, 110, 20, 8],
    ['closePath'],
  ]);
});

test('the radius shrinks to half the shorter side', () => {
  const calls: Call[] = [];
  roundedRect(recordingContext(calls) as PathContext, 0, 0, 40, 12, 32);
  assert.equal(calls[0], ['moveTo', 6, 0]);
  for (const call of calls.filter(([name]) => name === 'arcTo')) assert.is(call[5], 6);
});

/** An image whose decode settles as told; records what was set on it. */
function fakeImage(decode: () => Promise<void>) {
  return { crossOrigin: null as string | null, src: '', decode } as unknown as HTMLImageElement;
}

test('the logo is asked for with CORS, so a logo from another host leaves the canvas exportable', async () => {
  const image = fakeImage(() => Promise.resolve());
  assert.is(await loadImage('https://cdn.example.com/logo.png', 50, () => image), image);
  assert.is(image.crossOrigin, 'anonymous');
  assert.is(image.src, 'https://cdn.example.com/logo.png');
});

test('a logo that never loads is given up after the timeout, so drawing ends', async () => {
  assert.is(LOGO_TIMEOUT_MS, 4000);
  const started = Date.now();
  const result = await loadImage('/logo.png', 30, () => fakeImage(() => new Promise<void>(() => {})));
  assert.is(result, null);
  assert.ok(Date.now() - started < 1000);
});

test('a broken logo and no logo both draw without one', async () => {
  assert.is(await loadImage('/broken.png', 50, () => fakeImage(() => Promise.reject(new Error('decode')))), null);
  assert.is(await loadImage(undefined, 50, () => { throw new Error('not asked for'); }), null);
});

const CONTENT: PosterContent = {
  appName: 'Demo Cloud Phone',
  logoUrl: 'https://cdn.example.com/logo.png',
  invites: 'Ann invites you to join',
  codeLabel: 'Invite code',
  code: '12345678',
  scan: 'Scan to join',
  link: 'https://h5.example.com/app/login/demo?invite=12345678',
  colours: { theme: '#1677ff', background: '#f5f6f7' },
  fontFamily: 'sans-serif',
};

/** Canvases whose export throws as a tainted canvas does while `taints(canvas index)` says so. */
function canvases(taints: (index: number, drewImage: boolean) => boolean) {
  const made: Array<{ calls: Call[] }> = [];
  const make = () => {
    const index = made.length;
    const calls: Call[] = [];
    made.push({ calls });
    const context = recordingContext(calls);
    return {
      width: 0,
      height: 0,
      getContext: () => context,
      toBlob(done: (blob: Blob | null) => void) {
        if (taints(index, calls.some(([name]) => name === 'drawImage'))) throw new DOMException('tainted', 'SecurityError');
        done(new Blob(['png'], { type: 'image/png' }));
      },
    } as unknown as HTMLCanvasElement;
  };
  return { made, make };
}

const logo = {} as CanvasImageSource;

test('a logo that taints the canvas is dropped: the poster is drawn again without it, name included', async () => {
  const { made, make } = canvases((_, drewImage) => drewImage);
  const blob = await drawPoster(make, CONTENT, async () => logo);
  assert.is(blob.type, 'image/png');
  assert.is(made.length, 2);
  assert.ok(made[0].calls.some(([name]) => name === 'drawImage'));
  assert.not.ok(made[1].calls.some(([name]) => name === 'drawImage'));
  assert.ok(made[1].calls.some(([name, text]) => name === 'fillText' && text === 'Demo Cloud Phone'));
  assert.not.ok(made[1].calls.some(([name]) => name === 'roundRect'));
});

test('an exportable poster is drawn once, with its logo', async () => {
  const { made, make } = canvases(() => false);
  await drawPoster(make, CONTENT, async () => logo);
  assert.is(made.length, 1);
  assert.ok(made[0].calls.some(([name]) => name === 'drawImage'));
});

test('a canvas that fails without a logo still fails, rather than drawing the same again', async () => {
  const { made, make } = canvases(() => true);
  try {
    await drawPoster(make, CONTENT, async () => null);
    assert.unreachable('should have failed');
  } catch (error) {
    assert.instance(error, DOMException);
  }
  assert.is(made.length, 1);
});

test.run();
