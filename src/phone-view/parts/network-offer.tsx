/**
 * A small, dismissible offer of the network check (spec §1) when the stream struggles: a reconnect at once, or a long
 * round trip held for STRUGGLE_MS (one bad second is not a bad network). The link estimate's kbps is no test: on a
 * mostly still screen it measures how fast pictures are made, not the network (server/stream/link-estimate.ts).
 * Shown once per session (a phone opened or switched to starts afresh) and announced politely; dismissed, it stays
 * away for the rest of the visit.
 */
import { useEffect, useRef } from 'react';
import { signal } from '@preact/signals-react';
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { pathTo } from '../../app/navigate.ts';
import type { StreamState, StreamStats } from '../../stream/types.ts';
import { controlRequests, role, sessionNumber, stats, streamState } from '../live-session.ts';

/** How long the stream must look poor before the offer shows. */
export const STRUGGLE_MS = 5000;
/** A round trip past this makes taps lag visibly (the network check's own "fine" limit, verdict.ts). */
export const STRUGGLE_RTT_MS = 250;

/** Whether this report of the stream's figures looks poor. */
export function looksPoor(state: StreamState, figures: StreamStats | null): boolean {
  if (state === 'reconnecting') return true;
  if (state !== 'playing' || !figures) return false;
  return figures.rtt !== null && figures.rtt > STRUGGLE_RTT_MS;
}

/** The session the offer was shown in, if any: a new session has not struggled yet. */
const shownIn = signal<number | null>(null);
const dismissed = signal(false);

export function NetworkOffer() {
  const poorSince = useRef<number | null>(null);
  const state = streamState.value;
  const figures = stats.value;
  const session = sessionNumber.value;
  const shown = shownIn.value === session;
  useEffect(() => void (poorSince.current = null), [session]);
  useEffect(() => {
    if (shown || dismissed.value) return;
    // A reconnect is offered at once: the link already broke once.
    if (state === 'reconnecting') return void (shownIn.value = session);
    if (!looksPoor(state, figures)) return void (poorSince.current = null);
    const now = Date.now();
    poorSince.current ??= now;
    if (now - poorSince.current >= STRUGGLE_MS) shownIn.value = session;
  }, [state, figures, session]);
  // The owner's control-request bar takes the same place and matters more.
  const visible = shown && !dismissed.value && !(role.value === 'owner' && controlRequests.value.length);
  return (
    <>
      {/* Always there, so the offer's words are read out when they appear, without taking the user's focus. */}
      <p class="pv-offer__announce" role="status" data-testid="network-offer-status">{visible ? t('phoneView.network.offer') : ''}</p>
      {visible ? <Offer /> : null}
    </>
  );
}

function Offer() {
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
