/**
 * A line's verdict from its figures (spec §1 "network check"): good for HD, fine for medium, or poor, and the stream
 * quality (shared/contract/stream-quality.ts) to pick on it. Pure.
 */
import { QUALITIES, type QualityName } from '../../shared/contract/stream-quality.ts';
import type { LineFigures } from './measure.ts';

export type Verdict = 'good' | 'fine' | 'poor';

const bitrateOf = (name: QualityName): number => QUALITIES.find((quality) => quality.name === name)!.bitrate;

/**
 * What a line must reach for each verdict; a line that misses any figure of a row falls to the next one.
 * - Download: the quality's bitrate with a third more, because the stream's pictures come in bursts above their mean
 *   rate and the link carries touches and other traffic beside them.
 * - Round trip: a touch's effect shows after one round trip plus a picture; past ~100 ms a tap feels late, past
 *   ~250 ms dragging and typing lag visibly (a smaller picture does not help that, but makes each frame arrive sooner).
 * - Jitter: the stream shows each picture on arrival, without a buffer to smooth it, so uneven arrival is stutter.
 * - Loss: a lost packet on TCP stalls the socket for a round trip or more; a few in a hundred is a stall a second.
 */
export const VERDICT_LIMITS: ReadonlyArray<{ verdict: Exclude<Verdict, 'poor'>; quality: QualityName; rttMs: number; jitterMs: number; lossPercent: number; downloadKbps: number }> = [
  { verdict: 'good', quality: 'hd', rttMs: 100, jitterMs: 30, lossPercent: 1, downloadKbps: Math.round(bitrateOf('hd') * 4 / 3) },
  { verdict: 'fine', quality: 'medium', rttMs: 250, jitterMs: 80, lossPercent: 5, downloadKbps: Math.round(bitrateOf('medium') * 4 / 3) },
];

/** The quality a poor line is offered: the smallest picture, which still shows the phone. */
export const POOR_QUALITY: QualityName = 'low';

export interface LineVerdict {
  verdict: Verdict;
  quality: QualityName;
}

export function verdictOf(figures: LineFigures): LineVerdict {
  for (const limit of VERDICT_LIMITS) {
    const meets =
      figures.rttMs !== null &&
      figures.rttMs <= limit.rttMs &&
      (figures.jitterMs ?? 0) <= limit.jitterMs &&
      figures.lossPercent <= limit.lossPercent &&
      figures.downloadKbps !== null &&
      figures.downloadKbps >= limit.downloadKbps;
    if (meets) return { verdict: limit.verdict, quality: limit.quality };
  }
  return { verdict: 'poor', quality: POOR_QUALITY };
}

/** Worse first is larger: for comparing two lines, and for picking the better one. */
export const VERDICT_RANK: Record<Verdict, number> = { good: 0, fine: 1, poor: 2 };
