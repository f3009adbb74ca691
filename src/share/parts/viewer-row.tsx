/**
 * One joined user on join-user, with what the owner may do to them: their permission (view or control), a pending
 * control request to approve or decline, block or unblock, and kick (in the room) or cancel (left, or unblocked).
 */
import { t } from '../../core/i18n/index.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { SHARE_PERMISSIONS, type SharePermission, type ViewerAction } from '../../../shared/contract/share-words.ts';
import type { ShareViewer } from '../api.ts';
import type { ViewerChange } from '../state.ts';

interface ViewerRowProps {
  viewer: ShareViewer;
  /** Makes the change; a refusal is said in a notice. The row is busy meanwhile, the other rows are not. */
  onChange: (change: ViewerChange) => Promise<void>;
}

/** The state changes offered in each state (kick for someone in the room, cancel for someone who is not). */
function actionsFor(viewer: ShareViewer): ViewerAction[] {
  if (viewer.state === 'shielded') return ['unblock'];
  if (viewer.state === 'enabled') return ['kick', 'block'];
  if (viewer.state === 'cancelled') return ['block'];
  return ['cancel', 'block'];
}

export function ViewerRow({ viewer, onChange: send }: ViewerRowProps) {
  const { busy, run } = useBusyAction();
  const onChange = (change: ViewerChange) => void run(() => send(change));
  const name = viewer.displayName;
  const selectId = `viewer-permission-${viewer.viewerId}`;
  return (
    <li class="card share-viewer" data-testid="share-viewer" data-viewer-id={viewer.viewerId} data-state={viewer.state}>
      <div class="share-card__head">
        <h2 class="share-card__name">{name}</h2>
        <span class={`share-state share-state--${viewer.state}`} data-testid="viewer-state">{t(`share.viewerState.${viewer.state}`)}</span>
      </div>
      <p class="muted share-card__line">{t(viewer.member ? 'share.viewer.member' : 'share.viewer.guest')}</p>
      {viewer.controlRequested ? (
        <div class="share-request" role="status" data-testid="viewer-control-request">
          <span>{t('share.viewer.controlRequest', { name })}</span>
          <div class="share-form__row">
            <button type="button" class="btn btn--primary" disabled={busy} onClick={() => onChange({ kind: 'answer', approve: true })} data-testid="viewer-approve">
              {t('share.viewer.approve')}
            </button>
            <button type="button" class="btn" disabled={busy} onClick={() => onChange({ kind: 'answer', approve: false })} data-testid="viewer-decline">
              {t('share.viewer.decline')}
            </button>
          </div>
        </div>
      ) : null}
      <div class="share-viewer__controls">
        <label class="field__label" for={selectId}>{t('share.viewer.permissionLabel', { name })}</label>
        <select
          id={selectId}
          class="share-select"
          value={viewer.permission}
          disabled={busy || viewer.state === 'shielded'}
          onChange={(event) => onChange({ kind: 'permission', permission: event.currentTarget.value as SharePermission })}
          data-testid="viewer-permission"
        >
          {SHARE_PERMISSIONS.map((permission) => (
            <option key={permission} value={permission}>{t(`share.permission.${permission}`)}</option>
          ))}
        </select>
        <div class="share-form__row" role="group" aria-label={t('share.viewer.actions', { name })}>
          {actionsFor(viewer).map((action) => (
            <button
              key={action}
              type="button"
              class={`btn${action === 'block' || action === 'kick' ? ' share-danger' : ''}`}
              disabled={busy}
              onClick={() => onChange({ kind: 'action', action })}
              data-testid={`viewer-${action}`}
            >
              {t(`share.viewer.${action}`)}
            </button>
          ))}
        </div>
      </div>
    </li>
  );
}
