/**
 * A small, dismissible offer of the network check (spec §1) when the stream struggles for a while: a reconnect, or
 * a round trip or link estimate past what medium quality needs, held for STRUGGLE_MS (one bad second is not a bad
 * network). Dismissed, it stays away for the rest of the visit.
 */
import { useEffect, useRef } from 'react';
import { signal } from '@preact/signals-react';
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { pathTo } from '../../app/navigate.ts';
import type { StreamState, StreamStats } from '../../stream/types.ts';
import { QUALITIES } from '../../contract/stream-quality.ts';
import { controlRequests, role, stats, streamState } from '../live-session.ts';

/** How long the stream must look poor before the offer shows. */
export const STRUGGLE_MS = 5000;
/** A round trip past this makes taps lag visibly (the network check's own "fine" limit, verdict.ts). */
export const STRUGGLE_RTT_MS = 250;
/** Below the medium quality's bitrate the host is already sending small, soft pictures. */
const STRUGGLE_KBPS = QUALITIES.find((quality) => quality.name === 'medium')!.bitrate;

/** Whether this report of the stream's figures looks poor. */
export function looksPoor(state: StreamState, figures: StreamStats | null): boolean {
  if (state === 'reconnecting') return true;
  if (state !== 'playing' || !figures) return false;
  return (figures.rtt !== null && figures.rtt > STRUGGLE_RTT_MS) || (!!figures.link && figures.link.kbps < STRUGGLE_KBPS);
}

const shown = signal(false);
const dismissed = signal(false);

export function NetworkOffer() {
  const poorSince = useRef<number | null>(null);
  const state = streamState.value;
  const figures = stats.value;
  useEffect(() => {
    if (shown.value || dismissed.value) return;
    // A reconnect is offered at once: the link already broke once.
    if (state === 'reconnecting') return void (shown.value = true);
    if (!looksPoor(state, figures)) return void (poorSince.current = null);
    const now = Date.now();
    poorSince.current ??= now;
    if (now - poorSince.current >= STRUGGLE_MS) shown.value = true;
  }, [state, figures]);
  // The owner's control-request bar takes the same place and matters more.
  if (!shown.value || dismissed.value || (role.value === 'owner' && controlRequests.value.length)) return null;
  return (
    <aside class="pv-offer" aria-label={t('phoneView.network.check')} data-testid="network-offer">
      <span class="pv-offer__text">{t('phoneView.network.offer')}</span>
      <Link href={pathTo('network-check')} class="pv-offer__link" data-testid="network-offer-link">{t('phoneView.network.check')}</Link>
      <button type="button" class="pv-offer__close" aria-label={t('phoneView.network.dismiss')} data-testid="network-offer-close"
        onClick={() => (dismissed.value = true)}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
