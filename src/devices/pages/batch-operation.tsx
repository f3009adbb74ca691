/**
 * batchOperation (person layout, `?action=...&ids=...`): one action over the chosen phones (reboot,
 * factory reset behind a typed confirmation, screenshot of at most 10, root on/off, move group), then
 * per-device results; reboots and resets follow live progress there.
 */
import { useEffect, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { Field } from '../../core/ui/field.tsx';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { goToPage } from '../../app/navigate.ts';
import { permissionKeys } from '../../app/client-state.ts';
import { entryAllowed } from '../../app/entry-rules.ts';
import type { PageProps } from '../../app/route-types.ts';
import { SCREENSHOT_BATCH_LIMIT, type BatchEntry } from '../../../shared/device-types.ts';
import { allPhonesLoaded, loadAllPhones } from '../phone-lists.ts';
import { phoneLabel } from '../phone-store.ts';
import { BATCH_ACTIONS, batchQuery, parseAction, parseIds, type BatchAction } from '../parts/batch/ids.ts';
import { runBatch, type BatchCall } from '../actions.ts';
import { BatchResults } from '../parts/batch/batch-results.tsx';
import '../parts/groups/groups.css';

/** How many chosen phones are named in the summary before "…". */
const NAMED = 3;

interface Outcome {
  run: number;
  call: BatchCall['kind'];
  entries: BatchEntry[];
}

/**
 * Pages the chosen phones go on to, each shown where its client function is on: giving them away (each phone checked
 * first), files to install (picked and sent there), their apps (start, stop, uninstall with live progress), and group
 * control (driven together from one of them, 2-20 phones).
 */
const BATCH_PAGES = [
  { permission: 'transfer_button', segment: 'transfer-device', label: 'devices.actions.transfer', testId: 'batch-transfer' },
  { permission: 'upload_button', segment: 'file-upload', label: 'devices.actions.upload', testId: 'batch-upload' },
  { permission: 'app_button', segment: 'app-manager', label: 'devices.actions.apps', testId: 'batch-apps' },
  { permission: 'sync_button', segment: 'group-control', label: 'devices.actions.sync', testId: 'batch-sync' },
  { permission: 'change_button', segment: 'change-phone', label: 'devices.actions.replace', testId: 'batch-replace' },
  { permission: 'clone_button', segment: 'clone-phone', label: 'devices.actions.clone', testId: 'batch-clone' },
  { permission: 'new_button', segment: 'new-machine', label: 'devices.actions.newMachine', testId: 'batch-new-machine' },
] as const;

export default function BatchOperationPage({ query }: PageProps) {
  const [ids] = useState(() => parseIds(query.get('ids')));
  const [action, setAction] = useState<BatchAction>(() => parseAction(query.get('action')) ?? 'reboot');
  const [rootOn, setRootOn] = useState(true);
  const [resetText, setResetText] = useState('');
  const [resetError, setResetError] = useState('');
  const [error, setError] = useState('');
  const { busy: running, run: runBusy } = useBusyAction();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!allPhonesLoaded.value) void loadAllPhones();
  }, []);

  if (!ids.length) {
    return (
      <div class="centered">
        <p class="muted">{t('devices.groups.batch.noDevices')}</p>
        <button type="button" class="btn btn--primary" data-testid="batch-choose"
          onClick={() => goToPage('choose-device', { query: batchQuery(action, []), replace: true })}>
          {t('devices.groups.batch.chooseDevices')}
        </button>
      </div>
    );
  }

  const limitText = t('devices.groups.batch.screenshotLimit', { limit: SCREENSHOT_BATCH_LIMIT, count: ids.length });
  // Said as soon as screenshot is the action (picked or from the address), not only after a tap on Run.
  const shownError = error || (action === 'screenshot' && ids.length > SCREENSHOT_BATCH_LIMIT ? limitText : '');
  const pick = (next: BatchAction) => {
    setAction(next);
    setError('');
    // Results of another action under this one's radio would read as its own.
    setOutcome(null);
  };

  /** The checks and confirmations each action needs before anything is sent; null when the user backed out. */
  const prepare = async (): Promise<BatchCall | null> => {
    switch (action) {
      case 'screenshot':
        // Spec §9: refused here, before any call (the server refuses 11+ as well).
        if (ids.length > SCREENSHOT_BATCH_LIMIT) {
          setError(limitText);
          return null;
        }
        return { kind: 'screenshot' };
      case 'reset': {
        const word = t('devices.groups.batch.resetWord');
        if (resetText.trim() !== word) {
          setResetError(t('devices.groups.batch.resetWordWrong', { word }));
          return null;
        }
        return { kind: 'reset' };
      }
      case 'reboot': {
        const choice = await openDialog({
          title: t('devices.groups.batch.rebootTitle'),
          message: t('devices.groups.batch.rebootConfirm', { count: ids.length }),
          actions: [{ label: t('common.cancel') }, { label: t('devices.groups.batch.actions.reboot'), primary: true, value: 'yes' }],
        });
        return choice === 'yes' ? { kind: 'reboot' } : null;
      }
      case 'root':
        return { kind: 'root', root: rootOn };
      case 'group':
        goToPage('move-phone-to-group', { query: batchQuery(null, ids) });
        return null;
    }
  };

  const run = async () => {
    setError('');
    const call = await prepare();
    if (!call) return;
    await runBusy(async () => {
      const entries = await runBatch(call, ids);
      setOutcome((old) => ({ run: (old?.run ?? 0) + 1, call: call.kind, entries }));
      if (call.kind === 'reset') setResetText('');
    }, errorInto(setError));
  };

  const names = ids.slice(0, NAMED).map((id) => phoneLabel(id).name).join(', ') + (ids.length > NAMED ? ' …' : '');
  return (
    <div class="groups-page">
      <section class="card">
        <div class="row-between">
          <h2 class="card__title">{t('devices.groups.batch.devices')}</h2>
          <button type="button" class="btn btn--ghost" data-testid="batch-change"
            onClick={() => goToPage('choose-device', { query: batchQuery(action, ids), replace: true })}>
            {t('devices.groups.batch.change')}
          </button>
        </div>
        <p class="batch-devices" data-testid="batch-count">{t('devices.groups.batch.deviceCount', { count: ids.length })}</p>
        <p class="muted batch-devices__names">{names}</p>
      </section>
      <section class="card batch-actions" role="radiogroup" aria-labelledby="batch-action-title">
        <h2 class="card__title" id="batch-action-title">{t('devices.groups.batch.action')}</h2>
        {BATCH_ACTIONS.map((name) => (
          <div key={name}>
            <label class="radio" data-testid={`batch-action-${name}`}>
              <input type="radio" name="batch-action" value={name} checked={action === name} onChange={() => pick(name)} />
              <span>{t(`devices.groups.batch.actions.${name}`)}</span>
            </label>
            {action === name && name === 'root' ? (
              <div class="batch-actions__sub" role="radiogroup" aria-label={t('devices.groups.batch.actions.root')}>
                {[true, false].map((on) => (
                  <label key={String(on)} class="radio" data-testid={on ? 'batch-root-on' : 'batch-root-off'}>
                    <input type="radio" name="batch-root" checked={rootOn === on} onChange={() => setRootOn(on)} />
                    <span>{t(on ? 'devices.groups.batch.rootOn' : 'devices.groups.batch.rootOff')}</span>
                  </label>
                ))}
              </div>
            ) : null}
            {action === name && name === 'reset' ? (
              <div class="batch-actions__sub">
                <p class="batch-warning">{t('devices.groups.batch.resetWarning')}</p>
                <Field id="reset-confirm" label={t('devices.groups.batch.resetTypeLabel', { word: t('devices.groups.batch.resetWord') })}
                  value={resetText} error={resetError} autoComplete="off"
                  onInput={(value) => { setResetText(value); setResetError(''); }} />
              </div>
            ) : null}
          </div>
        ))}
        {shownError ? <p class="field__error" role="alert" data-testid="batch-error">{shownError}</p> : null}
      </section>
      <div class="card-actions">
        <button type="button" class={`btn btn--block ${action === 'reset' ? 'btn--danger' : 'btn--primary'}`}
          disabled={running} onClick={() => void run()} data-testid="batch-run">
          {t(running ? 'devices.groups.batch.running' : 'devices.groups.batch.run')}
        </button>
      </div>
      {outcome ? <BatchResults key={outcome.run} call={outcome.call} entries={outcome.entries} /> : null}
      {/* What the chosen phones can go on to, each a page of its own with its own checks and batch limit. */}
      {BATCH_PAGES.filter((entry) => permissionKeys.value.has(entry.permission) && entryAllowed(entry.segment, permissionKeys.value)).map((entry) => (
        <div key={entry.segment} class="card-actions">
          <button type="button" class="btn btn--block" data-testid={entry.testId}
            onClick={() => goToPage(entry.segment, { query: `?ids=${ids.join(',')}` })}>
            {t(entry.label)}
          </button>
        </div>
      ))}
    </div>
  );
}
