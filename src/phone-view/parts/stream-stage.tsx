/**
 * The 9:16 picture, scaled to the room left by the virtual keys, with what the connection is doing laid over it:
 * connecting, reconnecting (only after a moment: a quick reconnect should pass unnoticed), paused, or failed with
 * the spec's message and a way out. The SDK mounts its own surface inside the stage.
 */
import { useEffect, useState, type RefObject } from 'react';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { describeFailure } from '../../core/errors-later.ts';
import type { StreamFailure } from '../../stream/types.ts';
import { audience, frame, phoneName, problem, professionalMode, quality, role, stats, streamState, viewOnly, type SessionProblem } from '../live-session.ts';

/** A reconnect that succeeds within this time shows nothing but the last picture. */
const RECONNECT_NOTICE_DELAY_MS = 1500;

const FAILURE_TEXT: Record<StreamFailure, MessageKey> = {
  notAssigned: 'errors.streamNotAssigned',
  configError: 'errors.streamConfigError',
  connectionLost: 'errors.streamConnectionLost',
  unsupported: 'errors.streamUnsupported',
  tooManyStreams: 'errors.tooFrequent',
  // A share failure comes only to a share viewer, whose page (src/share) brings the share texts: its words are there.
  shareEnded: 'share.errors.ended',
  shareBlocked: 'share.errors.blocked',
  shareRemoved: 'share.watch.removed',
};

/** Failures a reconnect cannot mend: an unsupported browser, and a share viewer's session the owner ended. */
const FINAL_FAILURES: ReadonlySet<StreamFailure> = new Set(['unsupported', 'shareEnded', 'shareBlocked', 'shareRemoved']);

/**
 * A lent phone whose stream is no longer this account's: the owner revoked the authorization, or it ran out. Said in
 * those words rather than the stream's "not assigned", and final: a reconnect cannot bring it back.
 */
const grantEnded = (value: SessionProblem) => value.kind === 'stream' && value.failure === 'notAssigned' && role.value === 'grantee';

function problemText(value: SessionProblem): string {
  if (grantEnded(value)) return t('phoneView.grantEnded');
  if (value.kind === 'stream') return t(FAILURE_TEXT[value.failure]);
  if (value.kind === 'validity') return t('errors.validityUnder10Minutes');
  if (value.kind === 'notFound') return t('errors.deviceNotExist');
  // A device fault or a phone not connected says so; a network or server failure is "token fetch failed".
  if (value.kind === 'token') return describeFailure(value.error, 'errors.tokenFetchFailed');
  return describeError(value.error);
}

interface OverlayProps {
  onRetry: () => void;
  onResume: () => void;
  onExit: () => void;
  /** Opens the phone check (the owner's way to find why the phone cannot be reached), when offered. */
  onCheck?: () => void;
}

function Overlay({ onRetry, onResume, onExit, onCheck }: OverlayProps) {
  const state = streamState.value;
  const [slowReconnect, setSlowReconnect] = useState(false);
  useEffect(() => {
    if (state !== 'reconnecting') return setSlowReconnect(false);
    const timer = setTimeout(() => setSlowReconnect(true), RECONNECT_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const current = problem.value;
  if (state === 'failed' && current) {
    // Retrying opens a new session with a new token; an unsupported browser or a phone out of time will not change.
    const retryable =
      current.kind === 'error' || current.kind === 'token' || (current.kind === 'stream' && !FINAL_FAILURES.has(current.failure) && !grantEnded(current));
    return (
      <div class="pv-overlay pv-overlay--failed" role="alert" data-testid="stream-failed">
        <p>{problemText(current)}</p>
        <div class="pv-overlay__actions">
          {retryable ? (
            <button type="button" class="btn btn--primary" onClick={onRetry} data-testid="stream-retry">
              {t(current.kind === 'stream' ? 'phoneView.reconnect' : 'common.retry')}
            </button>
          ) : null}
          {onCheck ? (
            <button type="button" class="btn" onClick={onCheck} data-testid="stream-phone-check">
              {t('devices.actions.phoneCheck')}
            </button>
          ) : null}
          <button type="button" class="btn" onClick={onExit}>
            {t('phoneView.back')}
          </button>
        </div>
      </div>
    );
  }
  if (state === 'paused') {
    return (
      <div class="pv-overlay" data-testid="stream-paused">
        <p>{t('errors.streamPaused')}</p>
        <button type="button" class="btn btn--primary" onClick={onResume}>
          {t('phoneView.resume')}
        </button>
      </div>
    );
  }
  const waiting = state === 'connecting' || (state === 'reconnecting' && (slowReconnect || !frame.value));
  if (!waiting) return null;
  return (
    <div class="pv-overlay pv-overlay--quiet" role="status" data-testid="stream-waiting">
      <span class="pv-spinner" aria-hidden="true" />
      <p>{t(state === 'reconnecting' ? 'phoneView.reconnecting' : 'phoneView.connecting')}</p>
    </div>
  );
}

function ProStats() {
  const value = stats.value;
  const size = frame.value;
  return (
    <dl class="pv-stats" data-testid="pro-stats">
      <dt>{t('phoneView.pro.fps')}</dt>
      <dd data-testid="pro-fps">{value ? value.fps : '-'}</dd>
      <dt>{t('phoneView.pro.bitrate')}</dt>
      <dd>{value ? `${value.bitrate} kbps` : '-'}</dd>
      <dt>{t('phoneView.pro.rtt')}</dt>
      <dd data-testid="pro-rtt">{value?.rtt != null ? `${value.rtt} ms` : '-'}</dd>
      <dt>{t('phoneView.pro.link')}</dt>
      <dd data-testid="pro-link">{value?.link ? `${value.link.kbps} kbps · ${value.link.rtt} ms` : '-'}</dd>
      <dt>{t('phoneView.pro.resolution')}</dt>
      <dd>{size ? `${size.width}×${size.height}` : `${quality.value.width}×${quality.value.height}`}</dd>
    </dl>
  );
}

interface StageProps extends OverlayProps {
  width: number;
  height: number;
  /** The element the SDK mounts its surface in and touches are read from. */
  stageRef: RefObject<HTMLDivElement>;
}

export function StreamStage(props: StageProps) {
  const info = frame.value;
  return (
    <div class="pv-stage-wrap" style={{ width: `${props.width}px`, height: `${props.height}px` }}>
      <div
        ref={props.stageRef}
        class="pv-stage"
        // A picture to assistive technology (its canvas says nothing): the phone's name and the connection's state.
        role="img"
        aria-label={t('phoneView.stageLabelNamed', { name: phoneName.value || t('phoneView.stageLabel'), state: t(`phoneView.stageState.${streamState.value}`) })}
        data-testid="stream-stage"
        data-state={streamState.value}
        data-frames={info?.seq ?? 0}
        data-frame-width={info?.width ?? ''}
        data-frame-height={info?.height ?? ''}
      />
      <Overlay onRetry={props.onRetry} onResume={props.onResume} onExit={props.onExit} onCheck={props.onCheck} />
      {professionalMode.value ? <ProStats /> : null}
      {viewOnly.value ? (
        <span class="pv-badge" data-testid="view-only-badge">{t('phoneView.viewOnly')}</span>
      ) : role.value === 'owner' && audience.value.watching + audience.value.controlling > 0 ? (
        // The owner knows when others are on the phone (a grant or a share), and how many drive it.
        <span class="pv-badge" data-testid="audience-badge">{t('phoneView.control.audience', audience.value)}</span>
      ) : null}
    </div>
  );
}
