import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { preloadEntryExports, preloadRouteFiles } from '../../../src/app/route-files.ts';
import type { BootPlan } from '../../../src/app/inline-boot.ts';

const PLAN: BootPlan = {
  base: '/app/',
  version: 'test',
  files: ['assets/orders-1.js', 'assets/shop-1.css', 'assets/shared-1.js', 'assets/boot-1.js', 'assets/shop-zh-1.js', 'assets/shop-en-1.js', 'assets/index-1.js'],
  routes: { 'order-list': [0, 1, 2], '': [3] },
  publicSegments: [],
  texts: {},
  appTexts: {},
  errorTexts: {},
  catalogueLater: [],
  routeTexts: [{ segments: ['order-list'], files: { 'zh-CN': [4], 'en-US': [5] } }],
  exports: 6,
  run: [],
};

const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

test('a page asks for each of its scripts from the boot plan, once, and leaves its styles to the chunk loader (app/chunk-loader.ts)', () => {
  document.head.innerHTML = '';
  document.documentElement.lang = 'en-US';
  window.__bootPlan = PLAN;
  preloadRouteFiles('order-list');
  // The page's own text part comes in the page's language (the one on the document).
  assert.equal(preloads(), ['/app/assets/orders-1.js', '/app/assets/shared-1.js', '/app/assets/shop-en-1.js']);
  preloadRouteFiles('order-list');
  assert.equal(preloads().length, 3, 'asked once');
});

test('a script the HTML already links (the first screen) is not linked again', () => {
  document.head.innerHTML = '<link rel="modulepreload" href="/app/assets/boot-1.js">';
  window.__bootPlan = PLAN;
  preloadRouteFiles('');
  assert.equal(preloads(), ['/app/assets/boot-1.js']);
});

test('the file of the entry\'s exports is asked for once, by the first page or by a page that lists it', () => {
  document.head.innerHTML = '';
  // (The other tests have asked for the plan's other scripts already: each is asked for once per page load.)
  window.__bootPlan = { ...PLAN, files: [...PLAN.files, 'assets/coupons-1.js'], routes: { ...PLAN.routes, 'my-coupon': [7, 6] } };
  preloadEntryExports();
  assert.equal(preloads(), ['/app/assets/index-1.js']);
  preloadRouteFiles('my-coupon');
  preloadEntryExports();
  assert.equal(preloads(), ['/app/assets/index-1.js', '/app/assets/coupons-1.js']);
});

test('without a plan (the dev server) nothing is added', () => {
  document.head.innerHTML = '';
  delete window.__bootPlan;
  preloadRouteFiles('order-list');
  preloadEntryExports();
  assert.equal(preloads(), []);
});

test.run();
