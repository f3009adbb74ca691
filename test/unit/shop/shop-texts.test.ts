import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseRouteTable } from '../../../scripts/boot-plan.mjs';
import zhCNApp from '../../../src/app/text-parts/signed-in-zh-CN.ts';

// The shop's texts are a part of their own (src/shop/texts/index.ts), which only the shop pages wait for: a text of
// theirs used anywhere else would show as its raw key until a shop page had been opened.

const root = new URL('../../../', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

test('the signed-in app\'s part does not carry the shop\'s texts', () => {
  assert.not.ok('shop' in zhCNApp);
});

test('no module outside the shop uses a shop text, except the route table\'s titles of the shop pages', () => {
  for (const file of sources(join(root, 'src'))) {
    const path = relative(root, file);
    if (path.startsWith('src/shop/') || path === 'src/app/more-routes.ts' || path.startsWith('src/core/i18n/')) continue;
    const keys = readFileSync(file, 'utf8').match(/['"`]shop\.[\w.]+/g) ?? [];
    assert.equal(keys, [], path);
  }
  for (const route of parseRouteTable()) {
    const source = readFileSync(join(root, route.file), 'utf8');
    const row = source.split('\n').find((line) => line.includes(`name: '${route.name}'`)) ?? '';
    if (/title: 'shop\./.test(row)) assert.ok(route.module.startsWith('src/shop/pages/'), `${route.name} shows a shop title`);
  }
});

test('every shop page waits for the shop\'s texts before it shows', () => {
  const pages = readdirSync(join(root, 'src/shop/pages'));
  assert.ok(pages.length > 0);
  for (const page of pages) {
    const source = readFileSync(join(root, 'src/shop/pages', page), 'utf8');
    assert.match(source, /export \{ ensureShopTexts as ready \} from '\.\.\/texts\/index\.ts';/, page);
  }
});

test.run();
