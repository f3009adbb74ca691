/**
 * One follower's window in group control: its live picture from the stream's grid (devices/live-grid, the same
 * pictures the device list's grid shows), whether it follows or failed and why, a tap to make it the main-control
 * device, and leaving sync.
 */
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { ApiError } from '../../core/errors.ts';
import { livePicture } from '../../devices/live-grid/index.ts';
import type { SyncMember } from '../api.ts';

interface FollowerWindowProps {
  member: SyncMember;
  width: number;
  height: number;
  busy: boolean;
  onMakeMain: () => void;
  onLeave: () => void;
}

export function FollowerWindow({ member, width, height, busy, onMakeMain, onLeave }: FollowerWindowProps) {
  const picture = livePicture(member.userPhoneId).value;
  const failed = member.state === 'failed';
  const reason = failed ? describeError(new ApiError(member.code, member.msg)) : '';
  return (
    <li class={`sync-window${failed ? ' sync-window--failed' : ''}`} style={{ width: `${width}px` }} data-testid={`sync-follower-${member.userPhoneId}`} data-state={member.state}>
      <button type="button" class="sync-window__screen" style={{ height: `${height}px` }} disabled={busy} onClick={onMakeMain}
        aria-label={t('sync.live.makeMain', { name: member.name })} data-testid={`sync-make-main-${member.userPhoneId}`}>
        {picture ? <img src={picture} alt="" class="sync-window__picture" data-testid="sync-follower-picture" /> : null}
      </button>
      <span class="sync-window__name">{member.name}</span>
      <span class={`sync-window__state${failed ? ' sync-window__state--failed' : ''}`} data-testid="sync-follower-state">
        {failed ? t('sync.live.failed', { reason }) : t('sync.live.following')}
      </span>
      <button type="button" class="btn btn--small sync-window__leave" disabled={busy} onClick={onLeave}
        aria-label={t('sync.live.leaveLabel', { name: member.name })} data-testid={`sync-leave-${member.userPhoneId}`}>
        {t('sync.live.leave')}
      </button>
    </li>
  );
}
