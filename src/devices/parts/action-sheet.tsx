/**
 * The per-device action sheet (spec §1): each action shown only when the client function list enables
 * it; rename, resolution, group, details and screenshot open as panels inside the sheet.
 */
import { useState } from 'react';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { copyText } from '../../core/clipboard.ts';
import { describeError } from '../../core/errors.ts';
import { describeEntry, errorText } from '../../core/errors-later.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { notify } from '../../core/ui/notify.ts';
import { Sheet } from '../../core/ui/sheet.tsx';
import { permissionKeys } from '../../app/client-state.ts';
import { goToPage } from '../../app/navigate.ts';
import { entryAllowed } from '../../app/entry-rules.ts';
import type { RouteSegment } from '../../app/route-types.ts';
import type { Phone } from '../api.ts';
import type { BatchEntry } from '../../../shared/device-types.ts';
import { rebootDevices, resetDevices, setDevicesRoot } from '../actions.ts';
import { DetailsPanel, GroupPanel, ResolutionPanel, ScreenshotPanel } from './action-panels.tsx';
import { RenameForm } from '../rename-form.tsx';

type Panel = 'menu' | 'rename' | 'resolution' | 'group' | 'details' | 'screenshot';

interface ActionDef {
  id: string;
  label: MessageKey;
  /** The client function key that must be enabled (spec §6), if any. */
  permission?: string;
  /** The page the action opens: shown only when an entry to it is allowed (its key, and a gate that lets it through). */
  page?: RouteSegment;
  run: (phone: Phone, show: (panel: Panel) => void) => void | Promise<void>;
  danger?: boolean;
}

async function confirm(title: MessageKey, message: string, action: MessageKey): Promise<boolean> {
  const choice = await openDialog({
    title: t(title),
    message,
    actions: [{ label: t('common.cancel') }, { label: t(action), primary: true, value: 'yes' }],
  });
  return choice === 'yes';
}

/** A single-device batch answer: say what happened, in the catalogue's words when it failed. */
async function report(entries: BatchEntry[], done: MessageKey): Promise<void> {
  const failed = entries.find((entry) => !entry.success);
  if (failed) notify(await describeEntry(failed.code, failed.msg));
  else notify(t(done), 'success');
}

const ACTIONS: ActionDef[] = [
  { id: 'rename', label: 'devices.actions.rename', run: (_phone, show) => show('rename') },
  {
    id: 'reboot', label: 'devices.actions.reboot', permission: 'reboot_button',
    run: async (phone) => {
      if (await confirm('devices.actions.reboot', t('devices.confirm.reboot', { name: phone.name }), 'devices.actions.reboot')) {
        await report(await rebootDevices([phone.userPhoneId]), 'devices.done.reboot');
      }
    },
  },
  {
    id: 'quickRestart', label: 'devices.actions.quickRestart', permission: 'reboot_button',
    run: async (phone) => report(await rebootDevices([phone.userPhoneId], 'quickRestart'), 'devices.done.reboot'),
  },
  {
    id: 'reset', label: 'devices.actions.reset', permission: 'reset_button', danger: true,
    run: async (phone) => {
      // Strong confirmation (spec): two steps, the second naming what is lost.
      if (!(await confirm('devices.actions.reset', t('devices.confirm.reset', { name: phone.name }), 'common.confirm'))) return;
      if (!(await confirm('devices.confirm.resetAgainTitle', t('devices.confirm.resetAgain'), 'devices.actions.reset'))) return;
      await report(await resetDevices([phone.userPhoneId]), 'devices.done.reset');
    },
  },
  {
    id: 'root', label: 'devices.actions.root', permission: 'root_button',
    run: async (phone) => {
      const next = !phone.root;
      if (await confirm('devices.actions.root', t(next ? 'devices.confirm.rootOn' : 'devices.confirm.rootOff'), 'common.confirm')) {
        await report(await setDevicesRoot([phone.userPhoneId], next), next ? 'devices.done.rootOn' : 'devices.done.rootOff');
      }
    },
  },
  { id: 'renew', label: 'devices.actions.renew', page: 'recharge-single-phone',
    run: (phone) => goToPage('recharge-single-phone', { query: `?id=${phone.userPhoneId}` }) },
  { id: 'upgrade', label: 'devices.actions.upgrade', page: 'upgrade-phone',
    run: (phone) => goToPage('upgrade-phone', { query: `?ids=${phone.userPhoneId}` }) },
  { id: 'auth', label: 'devices.actions.auth', permission: 'auth_button', page: 'authorization-code',
    run: (phone) => goToPage('authorization-code', { query: `?id=${phone.userPhoneId}` }) },
  { id: 'transfer', label: 'devices.actions.transfer', permission: 'transfer_button', page: 'transfer-device',
    run: (phone) => goToPage('transfer-device', { query: `?ids=${phone.userPhoneId}` }) },
  // The phone's group if it is in one; otherwise the page asks for more phones (chosen on the batch page).
  { id: 'sync', label: 'devices.actions.sync', permission: 'sync_button', page: 'group-control',
    run: (phone) => goToPage('group-control', { query: `?ids=${phone.userPhoneId}` }) },
  { id: 'share', label: 'devices.actions.share', permission: 'screen_sharing', page: 'my-share-screen',
    run: (phone) => goToPage('my-share-screen', { query: `?phoneId=${phone.userPhoneId}` }) },
  { id: 'upload', label: 'devices.actions.upload', permission: 'upload_button', page: 'file-upload',
    run: (phone) => goToPage('file-upload', { query: `?ids=${phone.userPhoneId}` }) },
  { id: 'apps', label: 'devices.actions.apps', permission: 'app_button', page: 'app-manager',
    run: (phone) => goToPage('app-manager', { query: `?ids=${phone.userPhoneId}` }) },
  { id: 'replace', label: 'devices.actions.replace', permission: 'change_button', page: 'change-phone',
    run: (phone) => goToPage('change-phone', { query: `?ids=${phone.userPhoneId}` }) },
  { id: 'phoneCheck', label: 'devices.actions.phoneCheck', page: 'phone-check',
    run: (phone) => goToPage('phone-check', { query: `?id=${phone.userPhoneId}` }) },
  { id: 'template', label: 'devices.actions.template', permission: 'template_button', page: 'clone-template',
    run: (phone) => goToPage('clone-template', { query: `?id=${phone.userPhoneId}` }) },
  { id: 'clone', label: 'devices.actions.clone', permission: 'clone_button', page: 'clone-phone',
    run: (phone) => goToPage('clone-phone', { query: `?ids=${phone.userPhoneId}` }) },
  // Change of device model: the page (random or chosen, fields, record), and the random change after one confirmation.
  { id: 'newMachine', label: 'devices.actions.newMachine', permission: 'new_button', page: 'new-machine',
    run: (phone) => goToPage('new-machine', { query: `?ids=${phone.userPhoneId}` }) },
  { id: 'oneTapNewMachine', label: 'devices.actions.oneTapNewMachine', permission: 'new_button',
    run: async (phone) => (await import('../../new-machine/one-tap.ts')).oneTapNewMachine(phone) },
  { id: 'screenshot', label: 'devices.actions.screenshot', run: (_phone, show) => show('screenshot') },
  { id: 'resolution', label: 'devices.actions.resolution', run: (_phone, show) => show('resolution') },
  { id: 'group', label: 'devices.actions.group', run: (_phone, show) => show('group') },
  { id: 'details', label: 'devices.actions.details', run: (_phone, show) => show('details') },
  {
    id: 'copy', label: 'devices.actions.copyNumber',
    run: async (phone) => {
      const copied = await copyText(phone.phoneNo);
      if (copied) notify(t('common.copied'), 'success');
      else notify(await errorText('errors.copyFailed'), 'error');
    },
  },
];

export function ActionSheet({ phone, onClose }: { phone: Phone; onClose: () => void }) {
  const [panel, setPanel] = useState<Panel>('menu');
  const enabled = permissionKeys.value;
  const available = ACTIONS.filter(
    (action) => (!action.permission || enabled.has(action.permission)) && (!action.page || entryAllowed(action.page, enabled)),
  );

  const run = async (action: ActionDef) => {
    // Actions with a panel stay in the sheet; the others close it first, so their confirm dialog stands alone.
    const hasPanel = ['rename', 'screenshot', 'resolution', 'group', 'details'].includes(action.id);
    if (!hasPanel) onClose();
    try {
      await action.run(phone, setPanel);
    } catch (error) {
      notify(describeError(error));
    }
  };

  return (
    <Sheet title={phone.name} subtitle={phone.phoneNo} closeLabel={t('common.cancel')} onClose={onClose} testId="action-sheet">
        {panel === 'menu' ? (
          <div class="sheet__actions">
            {available.map((action) => (
              <button key={action.id} type="button" class={`sheet__action${action.danger ? ' sheet__action--danger' : ''}`}
                data-testid={`action-${action.id}`} onClick={() => void run(action)}>
                {action.id === 'root' ? t(phone.root ? 'devices.actions.rootOff' : 'devices.actions.rootOn') : t(action.label)}
              </button>
            ))}
          </div>
        ) : panel === 'rename' ? (
          <RenameForm phone={phone} onDone={onClose} />
        ) : panel === 'resolution' ? (
          <ResolutionPanel phone={phone} onDone={onClose} />
        ) : panel === 'group' ? (
          <GroupPanel phone={phone} onDone={onClose} />
        ) : panel === 'details' ? (
          <DetailsPanel phone={phone} />
        ) : (
          <ScreenshotPanel phone={phone} />
        )}
    </Sheet>
  );
}
