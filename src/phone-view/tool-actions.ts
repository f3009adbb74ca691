/** What the phone-view toolbar does: quality, screenshot, reboot, exit. Each failure ends in a translated notice. */
import { t } from '../core/i18n/index.ts';
import { describe, describeError } from '../core/errors.ts';
import { openDialog } from '../core/ui/dialogs.ts';
import { notify } from '../core/ui/notify.ts';
import { goBack } from '../app/navigate.ts';
import { rebootDevices } from '../devices/actions.ts';
import { StreamError } from '../stream/types.ts';
import type { Quality } from '../../shared/contract/stream-quality.ts';
import { definitionOf } from './qualities.ts';
import { currentPhoneId, panel, phoneName, quality, streamClient } from './session.ts';

function failureText(error: unknown, fallback: 'errors.resolutionFailed' | 'errors.screenshotFailed'): string {
  return error instanceof StreamError ? t(fallback) : describeError(error);
}

export async function chooseQuality(next: Quality): Promise<void> {
  const client = streamClient();
  panel.value = 'none';
  if (!client || next.name === quality.value.name) return;
  try {
    await client.setDefinition(definitionOf(next));
    quality.value = next;
    notify(t('phoneView.quality.changed', { name: t(`phoneView.quality.${next.name}`) }), 'success');
  } catch (error) {
    notify(failureText(error, 'errors.resolutionFailed'));
  }
}

/** `<phone name>-<yyyyMMdd-HHmmss>.jpg`, safe as a file name on every system. */
export function screenshotFileName(name: string, at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  // Characters no file system accepts (control ones included) become "_"; the cut counts characters, not UTF-16 units.
  const cleaned = Array.from(name.replace(/[\\/:*?"<>|\s\u0000-\u001f\u007f]+/g, '_')).slice(0, 40).join('');
  const safe = cleaned.replace(/_/g, '') ? cleaned : t('phoneView.screenshot.fileName');
  return `${safe}-${stamp}.jpg`;
}

/** A touch phone shares the picture (to the gallery, a chat...) when it can; everything else downloads it. */
async function saveImage(image: Blob, fileName: string): Promise<void> {
  const file = new File([image], fileName, { type: 'image/jpeg' });
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  if (coarse && navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: fileName });
      return;
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      // Share refused (no user activation left after the wait): fall back to a download.
    }
  }
  const url = URL.createObjectURL(image);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  notify(t('phoneView.screenshot.saved'), 'success');
}

export async function takeScreenshot(): Promise<void> {
  const client = streamClient();
  panel.value = 'none';
  if (!client) return notify(t('errors.screenshotFailed'));
  try {
    await saveImage(await client.screenshot(), screenshotFileName(phoneName.value, new Date()));
  } catch (error) {
    notify(failureText(error, 'errors.screenshotFailed'));
  }
}

export async function rebootCurrentPhone(): Promise<void> {
  const id = currentPhoneId.value;
  panel.value = 'none';
  if (id === null) return;
  const choice = await openDialog({
    title: t('devices.actions.reboot'),
    message: t('devices.confirm.reboot', { name: phoneName.value }),
    actions: [{ label: t('common.cancel') }, { label: t('devices.actions.reboot'), primary: true, value: 'yes' }],
  });
  if (choice !== 'yes') return;
  try {
    const [entry] = await rebootDevices([id]);
    if (entry && !entry.success) notify(describe(entry.code, entry.msg));
    else notify(t('phoneView.reboot.started'), 'success');
  } catch (error) {
    notify(describeError(error));
  }
}

/** Leaving the page ends the session (the navigator's leave hook and the page's own cleanup). */
export function exitPhoneView(clientNo: string): void {
  panel.value = 'none';
  goBack(clientNo);
}
