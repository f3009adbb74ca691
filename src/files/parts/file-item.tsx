/** One upload in the list: its name and state, the bytes this browser is sending with speed and time left, and its phones' states. */
import { t } from '../../core/i18n/index.ts';
import { describe, describeError } from '../../core/errors.ts';
import type { UploadedFile } from '../api.ts';
import { networkUp, secondsLeft, type Sending } from '../state.ts';
import { durationParts, formatBytes } from '../selection.ts';

interface FileItemProps {
  file: UploadedFile | null;
  sending: Sending | null;
  onDelete: (file: UploadedFile) => void;
  busy: boolean;
}

const IN_FLIGHT = new Set(['pushing', 'pushed', 'installing']);

/** Time left in the interface's language (45 s, 3 min, 1 h 20 min; 45 秒…). */
function timeLeft(seconds: number): string {
  const parts = durationParts(seconds);
  return t(`files.duration.${parts.unit}`, parts);
}

/** What goes after the bytes sent: waiting for the network, or the speed and time left once known. */
function pace(sending: Sending | null, left: number | null): string {
  if (!sending || sending.error) return '';
  if (!networkUp.value) return ` · ${t('files.waitingNetwork')}`;
  return sending.speed > 0 && left !== null ? ` · ${t('files.speed', { speed: formatBytes(sending.speed), left: timeLeft(left) })}` : '';
}

export function FileItem({ file, sending, onDelete, busy }: FileItemProps) {
  const name = file?.fileName ?? sending?.name ?? '';
  const size = file?.size ?? sending?.size ?? 0;
  const sent = sending ? sending.sent : (file?.received ?? 0);
  const state = file?.state ?? 'waitingUpload';
  const left = sending ? secondsLeft(sending) : null;
  const stalled = !sending && file && (state === 'uploading' || state === 'waitingUpload') && file.received < file.size;
  const installing = file?.targets.some((target) => IN_FLIGHT.has(target.state)) || state === 'verifying' || state === 'parsing';
  return (
    <li class="card files-item" data-testid="file-item" data-state={state} data-name={name}>
      <div class="files-item__head">
        <span class="files-item__name">{name}</span>
        <span class={`files-state--${state}`} data-testid="file-state">{t(`files.states.${state}`)}</span>
      </div>
      {state === 'waitingUpload' || state === 'uploading' ? (
        <>
          <div class="files-bar" role="progressbar" aria-label={name} aria-valuemin={0} aria-valuemax={size} aria-valuenow={sent}>
            <div class="files-bar__fill" style={{ transform: `scaleX(${size ? sent / size : 0})` }} />
          </div>
          <p class="files-item__meta muted" data-testid="file-progress">
            {t('files.progress', { sent: formatBytes(sent), total: formatBytes(size) })}
            {pace(sending, left)}
          </p>
        </>
      ) : null}
      {stalled ? <p class="files-item__meta muted">{t('files.resumeHint')}</p> : null}
      {file?.packageName ? <p class="files-item__meta">{t('files.package', { label: file.label, packageName: file.packageName, versionName: file.versionName })}</p> : null}
      {file && state === 'failed' ? <p class="files-item__meta files-state--failed" role="alert">{describe(file.failCode)}</p> : null}
      {sending?.error && state !== 'failed' ? <p class="files-item__meta files-state--failed" role="alert" data-testid="file-error">{describeError(sending.error)}</p> : null}
      {file && file.targets.length > 0 ? (
        <ul class="files-targets-list" aria-label={t('files.targets', { count: file.targets.length })}>
          {file.targets.map((target) => (
            <li key={target.userPhoneId} data-testid="file-target" data-state={target.state}>
              <span>{target.phoneName}</span>
              <span class={`files-state--${target.state}`}>
                {t(`files.targetStates.${target.state}`)}
                {target.state === 'failed' && target.failCode ? `: ${describe(target.failCode)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {file ? (
        <div class="files-item__actions">
          <button type="button" class="btn" disabled={busy || installing} onClick={() => onDelete(file)} data-testid="file-delete">
            {t('files.remove')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
