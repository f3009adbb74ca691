/** Panels of the action sheet that need more than a tap: forms, choices, the details and a screenshot. */
import { t } from '../../core/i18n/index.ts';
import { describeError } from '../../core/errors.ts';
import { describeEntry, errorText } from '../../core/errors-later.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { notify } from '../../core/ui/notify.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { isSafeUrl } from '../../core/safe-url.ts';
import { phoneHardware, type Phone } from '../api.ts';
import { RESOLUTIONS, type BatchEntry, type PhoneHardware } from '../../../shared/device-types.ts';
import { captureDevices, moveDevicesToGroup, setDeviceResolution } from '../actions.ts';
import { groups } from '../state.ts';

interface PanelProps {
  phone: Phone;
  onDone: () => void;
}

export function ResolutionPanel({ phone, onDone }: PanelProps) {
  const choose = async (width: number, height: number, dpi: number) => {
    try {
      await setDeviceResolution(phone.userPhoneId, width, height, dpi);
      notify(t('devices.done.resolution'), 'success');
      onDone();
    } catch (error) {
      notify(describeError(error));
    }
  };
  return (
    <div class="sheet__panel sheet__actions">
      {RESOLUTIONS.map(({ width, height, dpi }) => {
        const current = phone.width === width && phone.height === height;
        return (
          <button key={width} type="button" class={`sheet__action${current ? ' sheet__action--current' : ''}`} aria-pressed={current}
            onClick={() => void choose(width, height, dpi)} data-testid={`resolution-${width}`}>
            {width}×{height} · {dpi}dpi
          </button>
        );
      })}
    </div>
  );
}

/** Moves one phone; a refusal comes back as a per-device entry. */
async function firstFailure(entries: BatchEntry[]): Promise<string | null> {
  const failed = entries.find((entry) => !entry.success);
  return failed ? describeEntry(failed.code, failed.msg) : null;
}

export function GroupPanel({ phone, onDone }: PanelProps) {
  const move = async (groupId: number) => {
    try {
      const failure = await firstFailure(await moveDevicesToGroup([phone.userPhoneId], groupId));
      if (failure) return notify(failure);
      notify(t('devices.done.group'), 'success');
      onDone();
    } catch (error) {
      notify(describeError(error));
    }
  };
  return (
    <div class="sheet__panel sheet__actions">
      {groups.value.map((group) => (
        <button key={group.id} type="button" class={`sheet__action${group.id === phone.groupId ? ' sheet__action--current' : ''}`}
          aria-pressed={group.id === phone.groupId} onClick={() => void move(group.id)} data-testid={`group-${group.id}`}>
          {group.name}
        </button>
      ))}
    </div>
  );
}

export function DetailsPanel({ phone }: { phone: Phone }) {
  const loaded = useQuery(['devices', 'hardware', phone.userPhoneId], async () => (await phoneHardware([phone.userPhoneId]))[0] ?? null, { cached: true });
  const hardware: PhoneHardware | null = loaded.data ?? null;
  const error = loaded.error ? describeError(loaded.error) : '';
  const rows: Array<[string, string]> = [
    [t('devices.details.phoneNo'), phone.phoneNo],
    [t('devices.details.grade'), phone.gradeName],
    [t('devices.details.group'), phone.groupName],
    [t('devices.details.expireTime'), formatDateTime(phone.expireTime)],
    [t('devices.details.resolution'), `${phone.width}×${phone.height} · ${phone.dpi}dpi`],
    [t('devices.details.root'), t(phone.root ? 'devices.details.on' : 'devices.details.off')],
  ];
  if (hardware) {
    rows.push(
      [t('devices.details.model'), hardware.model],
      [t('devices.details.brand'), hardware.brand],
      [t('devices.details.imei'), hardware.imei],
      [t('devices.details.serialNo'), hardware.serialNo],
      [t('devices.details.wlanMac'), hardware.wlanMac],
      [t('devices.details.androidId'), hardware.androidId],
      [t('devices.details.systemVersion'), hardware.systemVersion],
      [t('devices.details.ram'), hardware.ram],
      [t('devices.details.storage'), hardware.storage],
      [t('devices.details.cpu'), hardware.cpu],
    );
  }
  return (
    <div class="sheet__panel">
      <dl class="details" data-testid="device-details">
        {rows.map(([label, value]) => (
          <div key={label} class="details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {error ? <p class="field__error" role="alert">{error}</p> : hardware ? null : <p class="muted">{t('common.loading')}</p>}
    </div>
  );
}

export function ScreenshotPanel({ phone }: { phone: Phone }) {
  // The capture either gives a link or says, for this phone, why it did not.
  // Each opening takes a new picture; the last one shows meanwhile.
  const loaded = useQuery(['devices', 'screenshot', phone.userPhoneId], async () => {
    const [entry] = await captureDevices([phone.userPhoneId]);
    if (entry?.success && entry.url && isSafeUrl(entry.url)) return { url: entry.url, problem: '' };
    return { url: null, problem: entry ? await describeEntry(entry.code, entry.msg) : await errorText('errors.screenshotFailed') };
  });
  const url = loaded.data?.url ?? null;
  const error = loaded.error ? describeError(loaded.error) : (loaded.data?.problem ?? '');

  const share = async () => {
    try {
      await navigator.share({ title: phone.name, url: new URL(url!, location.href).href });
    } catch {
      // Dismissed, or sharing not possible here: the download link stays.
    }
  };
  return (
    <div class="sheet__panel screenshot">
      {url ? (
        <>
          <img src={url} alt={phone.name} class="screenshot__image" data-testid="screenshot-image" />
          <div class="screenshot__actions">
            <a class="btn btn--primary" href={url} download={`${phone.phoneNo}.svg`} data-testid="screenshot-download">{t('devices.screenshot.save')}</a>
            {'share' in navigator ? <button type="button" class="btn" onClick={() => void share()}>{t('devices.screenshot.share')}</button> : null}
          </div>
        </>
      ) : error ? (
        <p class="field__error" role="alert">{error}</p>
      ) : (
        <p class="muted">{t('common.loading')}</p>
      )}
    </div>
  );
}
