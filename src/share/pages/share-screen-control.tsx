/**
 * share-screen-control (layout none, public, any client number; spec §2 lets it skip the H5 check): a share link's
 * page. A first visit shows the phone's name and the link's permission and asks a display name; a browser that
 * joined the link before goes straight back in. Then the live phone, with "request control" while watching; the
 * room being full, a block, or the end of the share each end it with the spec §8 message and the stream closed.
 *
 * It loads only what watching needs: its own chunk, phone-view's stage and session (watch.ts), the stream SDK asked
 * for as this module runs (as phone-view does), and the link's answer, asked for as this module runs too, so it is
 * on its way with the page's texts rather than after them. No device list, no shop.
 */
import { useEffect, useState } from 'react';
import { effect } from '@preact/signals-react';
import { t } from '../../core/i18n/index.ts';
import { catalogueReady, describeError } from '../../core/errors.ts';
import { ensureQuery } from '../../core/store/query-store.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { user } from '../../account/session.ts';
import { tenantId } from '../../app/client-state.ts';
import type { PageProps } from '../../app/route-types.ts';
import type { ShareFailure } from '../../stream/types.ts';
import { ensureStreamTexts } from '../../phone-view/watch.ts';
import { viewerStatus, type JoinedShare } from '../api.ts';
import { fetchOpened, joinAsViewer, joinedBefore, keptName, leaveAsViewer, openKey } from '../state.ts';
import { ViewerJoin } from '../parts/viewer-join.tsx';
import { ViewerWatch } from '../parts/viewer-watch.tsx';
import { ensureShareTexts } from '../texts/index.ts';
import '../parts/share.css';

export const ready = (): Promise<void> => Promise.all([ensureShareTexts(), ensureStreamTexts(), catalogueReady()]).then(() => {});

type Phase =
  | { kind: 'form' }
  | { kind: 'joining' }
  | { kind: 'watching'; joined: JoinedShare; name: string }
  | { kind: 'refused'; error: unknown }
  | { kind: 'closed'; why: ShareFailure | 'left' };

const tokenOf = (query: URLSearchParams): string => (query.get('token') ?? '').trim();

/** A join started as the module ran (a returning viewer), taken by the page's first render. */
let earlyJoin: { token: string; name: string; joined: Promise<JoinedShare> } | null = null;

/** Runs `start` once the client's tenant is known: every call carries it, and one without it would log out. */
function afterTenant(start: () => void): void {
  if (tenantId.value) return start();
  const dispose = effect(() => {
    if (!tenantId.value) return;
    queueMicrotask(() => {
      dispose();
      start();
    });
  });
}

// The SDK and the link's first answer are asked for now, alongside the page's texts (see the header).
void import('../../stream/stream-sdk.ts').catch(() => {});
if (typeof location !== 'undefined' && location.pathname.includes('share-screen-control')) {
  const token = tokenOf(new URLSearchParams(location.search));
  if (token && joinedBefore(token)) {
    const name = keptName();
    const joined = new Promise<JoinedShare>((resolve, reject) => afterTenant(() => joinAsViewer(token, name).then(resolve, reject)));
    joined.catch(() => {});
    earlyJoin = { token, name, joined };
  } else if (token) afterTenant(() => void ensureQuery(openKey(token), fetchOpened(token)).catch(() => {}));
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

export default function ShareScreenControlPage({ query }: PageProps) {
  const token = tokenOf(query);
  const returning = Boolean(token) && joinedBefore(token);
  const [phase, setPhase] = useState<Phase>(returning ? { kind: 'joining' } : { kind: 'form' });
  const opened = useQuery(token && (!returning || phase.kind === 'form') ? openKey(token) : null, fetchOpened(token), { cached: true });

  const settle = (name: string, joined: Promise<JoinedShare>) => {
    setPhase({ kind: 'joining' });
    joined.then(
      (value) => setPhase({ kind: 'watching', joined: value, name }),
      (error: unknown) => setPhase({ kind: 'refused', error }),
    );
  };
  const join = (name: string) => settle(name, joinAsViewer(token, name));

  useEffect(() => {
    if (!returning) return;
    const early = earlyJoin?.token === token ? earlyJoin : null;
    earlyJoin = null;
    if (early) settle(early.name, early.joined);
    else join(keptName());
  }, [token]);

  const ended = (name: string, joined: JoinedShare) => async (why: ShareFailure) => {
    // Away longer than the server's grace (a hidden tab): it left the room by itself, and simply comes back.
    if (why === 'shareRemoved') {
      const status = await viewerStatus(joined.viewerKey).catch(() => null);
      if (status?.state === 'disabled') return join(name);
    }
    setPhase({ kind: 'closed', why });
  };

  if (phase.kind === 'watching') {
    const { joined, name } = phase;
    const leave = () => {
      void leaveAsViewer(joined.viewerKey);
      setPhase({ kind: 'closed', why: 'left' });
    };
    return <ViewerWatch joined={joined} onEnded={ended(name, joined)} onLeave={leave} />;
  }

  const again = { label: t('share.watch.rejoin'), run: () => join(keptName()) };
  let body;
  if (!token) body = <Notice text={t('share.errors.ended')} reason="ended" />;
  else if (phase.kind === 'refused') {
    body = <Notice text={describeError(phase.error)} reason="refused" action={{ label: t('share.watch.retry'), run: () => setPhase({ kind: 'form' }) }} />;
  } else if (phase.kind === 'closed') {
    const canRejoin = phase.why === 'left' || phase.why === 'shareRemoved';
    body = <Notice text={t(CLOSED_TEXT[phase.why])} reason={phase.why} action={canRejoin ? again : undefined} />;
  } else if (opened.error) body = <Notice text={describeError(opened.error)} reason="refused" />;
  else if (!opened.data) body = <p class="share-empty" role="status">{t('share.watch.loading')}</p>;
  else {
    body = <ViewerJoin opened={opened.data} initialName={keptName() || user.value?.nickname || ''} busy={phase.kind === 'joining'} onJoin={join} />;
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
