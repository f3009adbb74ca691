import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { QUALITIES } from '../../../shared/contract/stream-quality.ts';
import { DEFAULT_QUALITY, definitionOf, qualityByName } from '../../../src/phone-view/qualities.ts';

test('qualities: the five levels of the spec, in order', () => {
  assert.equal(QUALITIES.map((quality) => quality.name), ['auto', 'low', 'medium', 'hd', 'uhd']);
});

test('qualities: auto is the spec\'s default definition and the default quality', () => {
  assert.is(DEFAULT_QUALITY.name, 'auto');
  assert.equal(definitionOf(DEFAULT_QUALITY), { width: 720, height: 1280, fps: 30, bitrate: 2048, auto: true });
  assert.equal(definitionOf(qualityByName('hd')), { width: 720, height: 1280, fps: 30, bitrate: 3072 }, 'the others are fixed');
});

test('qualities: every level is 9:16 at a size the stream host accepts, rising in bitrate', () => {
  const sizes = new Set(['360x640', '540x960', '720x1280', '1080x1920']);
  for (const quality of QUALITIES) {
    assert.is(quality.width * 16, quality.height * 9, quality.name);
    assert.ok(sizes.has(`${quality.width}x${quality.height}`), quality.name);
    assert.ok(quality.fps >= 1 && quality.fps <= 60, quality.name);
    assert.ok(quality.bitrate >= 256 && quality.bitrate <= 8192, quality.name);
  }
  const [, low, medium, hd, uhd] = QUALITIES.map((quality) => quality.bitrate);
  assert.ok(low! < medium! && medium! < hd! && hd! < uhd!);
});

test('qualities: levels are distinct definitions', () => {
  const keys = QUALITIES.map((quality) => JSON.stringify(definitionOf(quality)));
  assert.is(new Set(keys).size, QUALITIES.length);
});

test('qualities: by name, falling back to auto', () => {
  assert.is(qualityByName('hd').bitrate, 3072);
  assert.is(qualityByName('uhd').width, 1080);
  assert.is(qualityByName('low').name, 'low');
  assert.is(qualityByName(undefined), DEFAULT_QUALITY);
  assert.is(qualityByName('ultra'), DEFAULT_QUALITY);
  assert.is(qualityByName('HD'), DEFAULT_QUALITY, 'names are exact');
});

test('qualities: definitionOf drops the name', () => {
  assert.equal(definitionOf(qualityByName('medium')), { width: 540, height: 960, fps: 25, bitrate: 1024 });
  assert.not.ok('name' in definitionOf(qualityByName('medium')));
});

test.run();
