/**
 * A viewer watching a shared phone: the live stage of phone-view (through its public watch.ts), touches sent only
 * while this viewer has control (the server refuses them otherwise anyway), a "request control" button while it
 * watches, and leave. A share failure on the socket (ended, blocked, put out) ends the watch with its reason.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { notify } from '../../core/ui/notify.ts';
import { useQuery } from '../../core/store/use-query.ts';
import type { ShareFailure } from '../../stream/types.ts';
import {
  KeyboardInput, StreamStage, adoptStage, closeSession, pauseSession, phoneName, problem, resumeSession, usePhysicalKeyboard, useStageSize, useStreamTouch, viewOnly,
  watchPhone,
} from '../../phone-view/watch.ts';
import type { JoinedShare, ViewerStatus } from '../api.ts';
import { askForControl, fetchViewerStatus, viewerStatusKey } from '../state.ts';
import lazy from 'preact-iso/lazy';

/** Loaded when the viewer taps "Change name": the sheet and its overlay styles stay out of the first picture's way. */
const ViewerNameSheet = lazy(() => import('./viewer-name-sheet.tsx').then((module) => module.ViewerNameSheet));

const SHARE_FAILURES: ReadonlySet<string> = new Set<ShareFailure>(['shareEnded', 'shareBlocked', 'shareRemoved']);

/** A join on its way, for a phone whose stream opens meanwhile (the key goes as the socket's first message). */
export interface Joining {
  token: string;
  name: string;
  userPhoneId: number;
  joined: Promise<JoinedShare>;
  /** Its stream was opened already, before the page had a stage (a returning viewer): the stage adopts it. */
  connected?: boolean;
}

interface ViewerWatchProps {
  joining: Joining;
  /** The join was refused (room full, blocked, ended): the page says why. */
  onRefused: (error: unknown) => void;
  onEnded: (viewer: JoinedShare | null, failure: ShareFailure) => void;
  onLeave: (viewer: JoinedShare | null) => void;
}

/** While a control request waits, the viewer's status is polled (state.ts): a declined one simply disappears. */
function useControlRequest(viewerKey: string | undefined) {
  const [pending, setPending] = useState(false);
  const status = useQuery<ViewerStatus>(pending && viewerKey ? viewerStatusKey(viewerKey) : null, fetchViewerStatus(viewerKey ?? ''));
  // Control given (the socket says so): the request was approved.
  useEffect(() => {
    if (!viewOnly.value) setPending(false);
  }, [viewOnly.value]);
  useEffect(() => {
    if (!pending || !status.data || status.data.controlRequested) return;
    setPending(false);
    if (status.data.permission === 'view') notify(t('share.watch.declined'), 'info');
  }, [pending, status.data]);
  const ask = async () => {
    if (!viewerKey) return;
    try {
      setPending(await askForControl(viewerKey));
    } catch (error) {
      notify(describeError(error));
    }
  };
  return { pending, ask };
}

export function ViewerWatch({ joining, onRefused, onEnded, onLeave }: ViewerWatchProps) {
  const [joined, setJoined] = useState<JoinedShare | null>(null);
  const area = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const keyboard = useRef<HTMLTextAreaElement>(null);
  const size = useStageSize(area);
  useStreamTouch(stage);
  // Keys and text go to the phone only while this viewer controls it (the server refuses them otherwise too).
  usePhysicalKeyboard(!viewOnly.value);
  const open = () => void watchPhone(joining.userPhoneId, joining.joined.then((value) => value.viewerKey), stage.current!);

  useEffect(() => {
    let current = true;
    joining.joined.then(
      (value) => current && setJoined(value),
      (error: unknown) => current && onRefused(error),
    );
    if (!(joining.connected && adoptStage(stage.current!))) open();
    const onVisibility = () => (document.visibilityState === 'hidden' ? pauseSession() : resumeSession());
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      current = false;
      document.removeEventListener('visibilitychange', onVisibility);
      closeSession();
    };
  }, [joining]);

  const current = problem.value;
  useEffect(() => {
    if (current?.kind === 'stream' && SHARE_FAILURES.has(current.failure)) onEnded(joined, current.failure as ShareFailure);
  }, [current]);

  const control = useControlRequest(joined?.viewerKey);
  const [naming, setNaming] = useState(false);
  return (
    <div class="phone-view share-watch" data-testid="share-watch">
      <header class="share-watch__bar">
        <h1 class="share-watch__name">{phoneName.value || joined?.phoneName || ''}</h1>
        <button type="button" class="btn share-watch__leave" onClick={() => onLeave(joined)} data-testid="share-leave">
          {t('share.watch.leave')}
        </button>
      </header>
      <div ref={area} class="phone-view__area">
        <StreamStage stageRef={stage} width={size.width} height={size.height} onRetry={open} onResume={resumeSession} onExit={() => onLeave(joined)} />
      </div>
      <KeyboardInput inputRef={keyboard} />
      {joined ? (
        <p class="share-watch__me">
          <span data-testid="share-my-name">{t('share.watch.watchingAs', { name: joined.displayName })}</span>
          <button type="button" class="share-watch__rename" onClick={() => setNaming(true)} data-testid="share-change-name">
            {t('share.watch.changeName')}
          </button>
        </p>
      ) : null}
      {naming && joined ? (
        <ViewerNameSheet
          token={joining.token}
          viewerKey={joined.viewerKey}
          userPhoneId={joined.userPhoneId}
          current={joined.displayName}
          onRenamed={(displayName) => setJoined({ ...joined, displayName })}
          onClose={() => setNaming(false)}
        />
      ) : null}
      {!viewOnly.value ? (
        <div class="share-watch__actions">
          <button type="button" class="btn btn--block share-watch__keyboard" onClick={() => keyboard.current?.focus()} data-testid="share-keyboard">
            {t('share.watch.keyboard')}
          </button>
        </div>
      ) : (
        <div class="share-watch__actions">
          <button
            type="button"
            class="btn btn--primary btn--block"
            disabled={control.pending || !joined}
            onClick={() => void control.ask()}
            data-testid="share-request-control"
          >
            {t(control.pending ? 'share.watch.requested' : 'share.watch.requestControl')}
          </button>
        </div>
      )}
    </div>
  );
}
