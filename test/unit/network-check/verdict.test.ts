import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { VERDICT_LIMITS, VERDICT_RANK, verdictOf } from '../../../src/network-check/verdict.ts';
import { QUALITIES } from '../../../shared/contract/stream-quality.ts';

// A line's verdict and the quality it is offered: each figure can pull it down, none pulls it up.

const good = { rttMs: 30, jitterMs: 5, lossPercent: 0, downloadKbps: 20_000 };

test('a fast steady line is good for HD', () => {
  assert.equal(verdictOf(good), { verdict: 'good', quality: 'hd' });
});

test('each figure alone can make a line only fine, or poor', () => {
  assert.equal(verdictOf({ ...good, rttMs: 180 }), { verdict: 'fine', quality: 'medium' });
  assert.equal(verdictOf({ ...good, jitterMs: 50 }), { verdict: 'fine', quality: 'medium' });
  assert.equal(verdictOf({ ...good, lossPercent: 3 }), { verdict: 'fine', quality: 'medium' });
  assert.equal(verdictOf({ ...good, downloadKbps: 2000 }), { verdict: 'fine', quality: 'medium' });
  assert.equal(verdictOf({ ...good, rttMs: 450 }), { verdict: 'poor', quality: 'low' });
  assert.equal(verdictOf({ ...good, lossPercent: 20 }), { verdict: 'poor', quality: 'low' });
  assert.equal(verdictOf({ ...good, downloadKbps: 900 }), { verdict: 'poor', quality: 'low' });
});

test('a line with no answer or no download is poor; one answered ping has no jitter and is judged without it', () => {
  assert.is(verdictOf({ ...good, rttMs: null, jitterMs: null, lossPercent: 100 }).verdict, 'poor');
  assert.is(verdictOf({ ...good, downloadKbps: null }).verdict, 'poor');
  assert.is(verdictOf({ ...good, jitterMs: null }).verdict, 'good');
});

test('the limits are just reached at the boundary, and each download limit carries its quality with room to spare', () => {
  for (const limit of VERDICT_LIMITS) {
    const { rttMs, jitterMs, lossPercent, downloadKbps } = limit;
    assert.is(verdictOf({ rttMs, jitterMs, lossPercent, downloadKbps }).verdict, limit.verdict);
    const bitrate = QUALITIES.find((quality) => quality.name === limit.quality)!.bitrate;
    assert.ok(downloadKbps > bitrate);
  }
  assert.ok(VERDICT_RANK.good < VERDICT_RANK.fine && VERDICT_RANK.fine < VERDICT_RANK.poor);
});

test.run();
