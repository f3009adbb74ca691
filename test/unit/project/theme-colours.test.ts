import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { writeColours } from '../../../scripts/theme-colours-plugin.mjs';
import { BRAND_COLOURS, SHELL_COLOURS } from '../../../shared/theme-colours.ts';

// The theme colours are written once (shared/theme-colours.ts); global.css and index.html only name them.

const colours = { brand: BRAND_COLOURS, shell: SHELL_COLOURS };
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const allColours = [...Object.values(BRAND_COLOURS).flatMap((theme) => Object.values(theme)), ...Object.values(SHELL_COLOURS)];

test('a named colour is written in, and an unknown name fails the build', () => {
  assert.is(writeColours('a{color:%brand.green.theme%;background:%shell.light%}', colours, 'x.css'), `a{color:${BRAND_COLOURS.green.theme};background:${SHELL_COLOURS.light}}`);
  assert.throws(() => writeColours('a{color:%brand.green.accent%}', colours, 'x.css'), /x\.css: no theme colour named %brand\.green\.accent%/);
  assert.throws(() => writeColours('a{color:%brand.blue.theme%}', colours, 'x.css'), /brand\.blue\.theme/);
});

test('global.css and index.html name the theme colours rather than repeat them', () => {
  for (const path of ['src/app/global.css', 'index.html']) {
    const text = read(path);
    assert.ok(/%brand\.default\.theme%/.test(text), `${path} names the brand colour`);
    for (const colour of allColours) assert.not.ok(text.toLowerCase().includes(colour.toLowerCase()), `${path} repeats ${colour}`);
    assert.not.throws(() => writeColours(text, colours, path));
  }
});

test.run();
