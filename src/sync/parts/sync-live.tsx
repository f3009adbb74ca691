/**
 * Group control running: the main-control phone in a big window (phone-view's stream, driven like phone-view: the
 * server mirrors its touches, keys and text to the followers), and the followers' live windows below it,
 * auto-arranged in rows and columns to the space left (arrange.ts). Tapping a follower makes it the main-control
 * device; each follower can leave; stop ends sync. The group is read again every few seconds, so a follower that
 * failed (restarting, offline) shows it.
 */
import { useEffect, useRef } from 'react';
import { t } from '../../core/i18n/index.ts';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { useBoxSize } from '../../core/ui/use-box-size.ts';
import { usePhones } from '../../devices/phone-lists.ts';
import { showLiveGrid, stopLiveGrid } from '../../devices/live-grid/index.ts';
import { closeSession, openSession, pauseSession, resumeSession } from '../../phone-view/session.ts';
import { KeyboardInput, StreamStage, usePhysicalKeyboard, useStageSize, useStreamTouch } from '../../phone-view/watch.ts';
import { autoArrange, PHONE_RATIO } from '../arrange.ts';
import type { SyncGroup } from '../api.ts';
import { leaveSyncNow, stopSyncNow, switchMainNow } from '../state.ts';
import { FollowerWindow } from './follower-window.tsx';

/** Below each follower's picture: its name, its state and its leave button. */
const CAPTION_PX = 76;
const GAP_PX = 8;
/** sync.css .sync-live__room: 12px at the sides and the bottom. */
const ROOM_PADDING_PX = 12;
const MIN_WINDOW_PX = 64;

interface SyncLiveProps {
  group: SyncGroup;
  /** The phone the page reads the group by (the store's key). */
  keyId: number;
  /** The group changed its main-control phone, or ended (null). */
  onChanged: (group: SyncGroup | null) => void;
}

export function SyncLive({ group, keyId, onChanged }: SyncLiveProps) {
  const area = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const keyboard = useRef<HTMLTextAreaElement>(null);
  const windows = useRef<HTMLDivElement>(null);
  const size = useStageSize(area);
  const room = useBoxSize(windows);
  useStreamTouch(stage);
  usePhysicalKeyboard(true);
  const { busy, run } = useBusyAction();
  const mainId = group.mainId;
  const main = group.members.find((member) => member.role === 'main');
  const followers = group.members.filter((member) => member.role === 'follower');
  const { phones } = usePhones(followers.map((member) => member.userPhoneId));

  const open = () => void openSession({ userPhoneId: mainId, viewOnly: false, container: stage.current! });
  useEffect(() => {
    open();
    return closeSession;
  }, [mainId]);

  useEffect(() => {
    const onVisibility = () => (document.visibilityState === 'hidden' ? pauseSession() : resumeSession());
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // The followers' windows are the stream's live grid: one socket for all of them.
  const followerKey = phones.map((phone) => phone.userPhoneId).join(',');
  useEffect(() => showLiveGrid(phones), [followerKey]);
  useEffect(() => stopLiveGrid, []);

  const act = (work: () => Promise<SyncGroup | null>, done?: (group: SyncGroup | null) => string) =>
    run(async () => {
      const next = await work();
      if (done) notify(done(next), 'info');
      onChanged(next);
    });

  // The room's padding (sync.css) is not the windows' to fill.
  const arrangement = autoArrange(followers.length, room.width - ROOM_PADDING_PX * 2, room.height - ROOM_PADDING_PX, GAP_PX, CAPTION_PX);
  // Never smaller than a thumb can hit: past that the windows scroll.
  const pictureWidth = Math.max(MIN_WINDOW_PX, arrangement.width);
  const pictureHeight = Math.round(pictureWidth * PHONE_RATIO);

  return (
    <div class="sync-live phone-view" data-testid="sync-live" data-main={mainId}>
      <h2 class="sync-live__heading">{t('sync.live.mainHeading', { name: main?.name ?? '' })}</h2>
      <div ref={area} class="sync-live__main phone-view__area">
        <StreamStage stageRef={stage} width={size.width} height={size.height} onRetry={open} onResume={resumeSession} onExit={() => history.back()} />
      </div>
      <KeyboardInput inputRef={keyboard} />
      <div class="sync-live__bar">
        <button type="button" class="btn sync-live__button" onClick={() => keyboard.current?.focus()} data-testid="sync-keyboard">
          {t('sync.live.keyboard')}
        </button>
        <button type="button" class="btn btn--danger sync-live__button" disabled={busy} data-testid="sync-stop"
          onClick={() => void act(() => stopSyncNow(keyId, group.groupId).then(() => null), () => t('sync.live.stopped'))}>
          {t('sync.live.stop')}
        </button>
      </div>
      <h2 class="sync-live__heading">
        {t('sync.live.followersHeading', { count: followers.length })}
        <span class="sync-hidden" data-testid="sync-arrangement" data-rows={arrangement.rows} data-columns={arrangement.columns}>
          {t('sync.live.arrangement', { rows: arrangement.rows, columns: arrangement.columns })}
        </span>
      </h2>
      <div ref={windows} class="sync-live__room">
      <ul class="sync-live__windows" style={{ gridTemplateColumns: `repeat(${arrangement.columns}, ${pictureWidth}px)` }} data-testid="sync-windows">
        {followers.map((member) => (
          <FollowerWindow key={member.userPhoneId} member={member} width={pictureWidth} height={pictureHeight} busy={busy}
            onMakeMain={() => void act(() => switchMainNow(group.groupId, member.userPhoneId), () => t('sync.live.switched', { name: member.name }))}
            onLeave={() => void act(() => leaveSyncNow(keyId, group.groupId, member.userPhoneId), () => t('sync.live.left', { name: member.name }))} />
        ))}
      </ul>
      </div>
    </div>
  );
}
