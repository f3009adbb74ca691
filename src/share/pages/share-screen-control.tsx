/**
 * share-screen-control (layout none, public, any client number; spec §2 lets it skip the H5 check): a share link's
 * page. Every visit goes straight in: a browser that joined the link before by its kept key, a first visit by a key
 * its early start made, under the name this browser used last or one the server gives, which the viewer changes while
 * watching (the picture never waits for a form). Only an older link that does not name its phone shows the phone's
 * name and the link's permission and asks a display name first. Then the live phone, with "request control" while watching; the
 * room being full, a block, or the end of the share each end it with the spec §8 message and the stream closed.
 *
 * It loads only what watching needs, and starts early: its chunk brings phone-view's stage and session (watch.ts)
 * and the stream SDK (in the page's own first round of files, never the first screen's). The boot runs
 * early-join.ts as soon as that small file arrives, while the rest is still coming in: the join goes out and the
 * socket opens (its key lets it into the room as it opens); this module takes them over, and the page shows without waiting for the client's details, which the viewer's
 * calls do not need. The error catalogue comes once the first picture is drawn, not in its way. No device list, no
 * shop. Figures: docs/benchmarks.md "Share link".
 */
import { useEffect, useRef, useState } from 'react';
import { effect } from '@preact/signals-react';
import { t } from '../../core/i18n/index.ts';
import { catalogueReady, describeError } from '../../core/errors.ts';
import { ensureQuery } from '../../core/store/query-store.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { user } from '../../account/session.ts';
import type { PageProps } from '../../app/route-types.ts';
import { holdIdleLoads } from '../../app/first-paint.ts';
import type { ShareFailure } from '../../stream/types.ts';
import { ensureStreamTexts, streamState, watchPhone } from '../../phone-view/watch.ts';
// First of the page's imports: it starts a returning viewer's join and socket, which this module then takes over.
import { tokenOf } from '../early-join.ts';
// With the page's chunk, not after it: a returning viewer's socket opens as this module runs (see the header).
import '../../stream/stream-sdk.ts';
import type { JoinedShare } from '../api.ts';
import { fetchOpened, joinAsViewer, keptName, leaveAsViewer, openKey, returningTo, viewerStatusOf } from '../state.ts';
import { ViewerJoin } from '../parts/viewer-join.tsx';
import { ViewerWatch, type Joining } from '../parts/viewer-watch.tsx';
import { ensureShareWords, registerShareErrors } from '../texts/index.ts';
import '../parts/share.css';

export const ready = (): Promise<void> => Promise.all([ensureShareWords(), ensureStreamTexts()]).then(() => {});

type Phase =
  | { kind: 'form' }
  | { kind: 'watching'; joining: Joining }
  | { kind: 'refused'; error: unknown }
  | { kind: 'closed'; why: ShareFailure | 'left'; viewerKey?: string };

/** Into the room under `name`, for the phone `userPhoneId`: the page connects while the join is on its way. */
function startJoining(token: string, name: string, userPhoneId: number): Joining {
  const joined = joinAsViewer(token, name);
  joined.catch(() => {});
  return { token, name, userPhoneId, joined };
}

/** How long a returning viewer's first picture may hold boot's idle loads at most. */
const IDLE_LOADS_HELD_MS = 5000;

/** A returning viewer's join, started as the module ran; taken by the page's first render. */
let early: Joining | null = null;

/** The error catalogue and the share's entries: they only word a failure, and a refused call waits for them itself. */
const errorTexts = () => void Promise.all([catalogueReady(), registerShareErrors()]).catch(() => {});

if (typeof location !== 'undefined' && location.pathname.includes('share-screen-control')) {
  const token = tokenOf(new URLSearchParams(location.search));
  const phoneId = token ? returningTo(token) : null;
  if (phoneId !== null) {
    // The stream too: it takes over the socket early-join.ts opened (or opens one now, its key sent as the first
    // message once the join brings it).
    early = { ...startJoining(token, '', phoneId), connected: true };
    void watchPhone(phoneId, early.joined.then((joined) => joined.viewerKey));
    // The error texts, and boot's own idle loads, come once the first picture is drawn or the stream failed, not in
    // its way on the link.
    const started = new Promise<void>((resolve) => {
      // At the latest after a while: a stream that neither plays nor fails (the viewer left first) holds nothing.
      setTimeout(resolve, IDLE_LOADS_HELD_MS);
      const stop = effect(() => {
        if (streamState.value !== 'playing' && streamState.value !== 'failed') return;
        queueMicrotask(() => stop());
        resolve();
      });
    });
    holdIdleLoads(started);
    void started.then(errorTexts);
  } else if (token) {
    // Asked for by early-join.ts already when the boot ran it: this takes that reply. The error texts come behind it.
    void ensureQuery(openKey(token), fetchOpened(token)).then(errorTexts, errorTexts);
  } else errorTexts();
}

const CLOSED_TEXT = {
  shareEnded: 'share.errors.ended',
  shareBlocked: 'share.errors.blocked',
  shareRemoved: 'share.watch.removed',
  left: 'share.watch.left',
} as const;

function Notice({ text, reason, action }: { text: string; reason: string; action?: { label: string; run: () => void } }) {
  return (
    <div class="card share-notice" role="alert" data-testid="share-notice" data-reason={reason}>
      <p>{text}</p>
      {action ? (
        <button type="button" class="btn btn--primary" onClick={action.run} data-testid="share-notice-action">
          {action.label}
        </button>
      ) : null}
    </div>
  );
}

function initialPhase(token: string): Phase {
  const taken = early?.token === token ? early : null;
  early = null;
  if (taken) return { kind: 'watching', joining: taken };
  const phoneId = token ? returningTo(token) : null;
  return phoneId === null ? { kind: 'form' } : { kind: 'watching', joining: startJoining(token, '', phoneId) };
}

export default function ShareScreenControlPage({ query }: PageProps) {
  const token = tokenOf(query);
  const [phase, setPhase] = useState<Phase>(() => initialPhase(token));
  const opened = useQuery(token && phase.kind === 'form' ? openKey(token) : null, fetchOpened(token), { cached: true });
  // Another link opened on this page (its address changed): start over with it.
  const shown = useRef(token);
  useEffect(() => {
    if (shown.current === token) return;
    shown.current = token;
    setPhase(initialPhase(token));
  }, [token]);

  const join = (name: string, userPhoneId: number) => setPhase({ kind: 'watching', joining: startJoining(token, name, userPhoneId) });

  const ended = (joining: Joining, viewer: JoinedShare | null) => async (why: ShareFailure) => {
    // Away longer than the server's grace (a hidden tab): it left the room by itself, and simply comes back.
    if (why === 'shareRemoved' && viewer) {
      const status = await viewerStatusOf(viewer.viewerKey);
      if (status?.state === 'disabled') return join(joining.name, joining.userPhoneId);
    }
    setPhase({ kind: 'closed', why });
  };

  if (phase.kind === 'watching') {
    const { joining } = phase;
    return (
      <ViewerWatch
        joining={joining}
        onRefused={(error) => setPhase({ kind: 'refused', error })}
        onEnded={(viewer, why) => void ended(joining, viewer)(why)}
        onLeave={(viewer) => {
          if (viewer) void leaveAsViewer(viewer.viewerKey);
          setPhase({ kind: 'closed', why: 'left' });
        }}
      />
    );
  }

  const again = () => {
    const phoneId = returningTo(token);
    if (phoneId !== null) join('', phoneId);
    else setPhase({ kind: 'form' });
  };
  let body;
  if (!token) body = <Notice text={t('share.errors.ended')} reason="ended" />;
  else if (phase.kind === 'refused') {
    body = <Notice text={describeError(phase.error)} reason="refused" action={{ label: t('share.watch.retry'), run: () => setPhase({ kind: 'form' }) }} />;
  } else if (phase.kind === 'closed') {
    const canRejoin = phase.why === 'left' || phase.why === 'shareRemoved';
    body = <Notice text={t(CLOSED_TEXT[phase.why])} reason={phase.why} action={canRejoin ? { label: t('share.watch.rejoin'), run: again } : undefined} />;
  } else if (opened.error) body = <Notice text={describeError(opened.error)} reason="refused" />;
  else if (!opened.data) body = <p class="share-empty" role="status">{t('share.watch.loading')}</p>;
  else {
    const data = opened.data;
    body = <ViewerJoin opened={data} initialName={keptName() || user.value?.nickname || ''} busy={false} onJoin={(name) => join(name, data.userPhoneId)} />;
  }
  return (
    <div class="share-page">
      <header class="page-header">
        <h1 class="page-header__title share-page__title">{t('share.controlTitle')}</h1>
      </header>
      <main class="share-page__body">{body}</main>
    </div>
  );
}
