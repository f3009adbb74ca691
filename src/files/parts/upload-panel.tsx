/**
 * Picking files and following them: up to 3 APK files sent to `ids`; each file's bytes, speed and time left while it
 * goes, then its check, its package and each phone's state to installed. The list is the server's, so it survives a
 * reload: a file stopped halfway continues, from the server's last byte, when the same file is picked again. Shown by
 * the upload page and by phone-view's upload sheet (../upload-sheet.tsx), over the live phone.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { notify } from '../../core/ui/notify.ts';
import { noticeOfError, useBusyAction } from '../../core/ui/use-busy-action.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { usePhones } from '../../devices/phone-lists.ts';
import { FILE_EXTENSION, MAX_FILES_PER_SELECTION } from '../../../shared/contract/file-words.ts';
import type { UploadedFile } from '../api.ts';
import { checkSelection, type SelectionProblem } from '../selection.ts';
import { deleteUpload, fetchFiles, FILES_KEY, sendFiles, sending } from '../state.ts';
import { FileItem } from './file-item.tsx';
import './files.css';

export function UploadPanel({ ids }: { ids: readonly number[] }) {
  const { phones } = usePhones(ids);
  const files = useQuery<UploadedFile[]>(FILES_KEY, fetchFiles);
  const [problems, setProblems] = useState<Array<{ name: string; problem: SelectionProblem }>>([]);
  const { busy, run } = useBusyAction();
  const list = files.data ?? [];
  const local = sending.value;
  const uploadingNow = local.filter((entry) => !entry.error).length;

  const pick = (input: HTMLInputElement) => {
    const picked = [...(input.files ?? [])];
    // The same file may be picked again later (to continue it): the input forgets this choice.
    input.value = '';
    const check = checkSelection(picked, uploadingNow);
    setProblems(check.refused.map(({ file, problem }) => ({ name: file?.name ?? '', problem })));
    if (check.accepted.length > 0) void sendFiles(check.accepted, ids).catch(noticeOfError);
  };

  const remove = async (file: UploadedFile) => {
    const ok = await openDialog({
      title: t('files.removeTitle'),
      message: t('files.removeMessage', { name: file.fileName }),
      actions: [{ label: t('common.cancel') }, { label: t('files.remove'), danger: true, value: 'delete' }],
    });
    if (ok !== 'delete') return;
    await run(async () => {
      await deleteUpload(file.uploadId);
      notify(t('files.removed'), 'info');
    });
  };

  // This browser's files not yet in the server's list (being created), then the server's, each with its bytes in flight.
  const sendingOf = (file: UploadedFile) => local.find((entry) => entry.uploadId === file.uploadId) ?? null;
  const unlisted = local.filter((entry) => !entry.uploadId || !list.some((file) => file.uploadId === entry.uploadId));
  return (
    <div class="files-panel" data-testid="file-upload">
      <section class="card files-pick" aria-labelledby="files-pick-label">
        <p class="files-targets">{ids.length ? t('files.targets', { count: ids.length }) : t('files.noTargets')}</p>
        {phones.length ? <p class="files-hint muted">{phones.map((phone) => phone.name).join(', ')}</p> : null}
        <input
          id="files-input"
          class="files-pick__input"
          type="file"
          accept={`${FILE_EXTENSION},application/vnd.android.package-archive`}
          multiple
          disabled={ids.length === 0}
          aria-describedby="files-hint"
          onChange={(event) => pick(event.currentTarget)}
          data-testid="file-input"
        />
        <label id="files-pick-label" for="files-input" class="btn btn--primary files-pick__button">
          {t('files.pick')}
        </label>
        <p id="files-hint" class="files-hint muted">{t('files.pickHint', { max: MAX_FILES_PER_SELECTION })}</p>
        {problems.length ? (
          <ul class="files-problems" role="alert" data-testid="file-problems">
            {problems.map(({ name, problem }) => (
              <li key={`${name}:${problem}`}>{name ? `${name}: ${t(problem)}` : t(problem)}</li>
            ))}
          </ul>
        ) : null}
      </section>
      <h2 class="files-section-title">{t('files.list')}</h2>
      <ul class="files-list">
        {unlisted.map((entry) => (
          <FileItem key={entry.key} file={null} sending={entry} busy={busy} onDelete={() => {}} />
        ))}
        {list.map((file) => (
          <FileItem key={file.uploadId} file={file} sending={sendingOf(file)} busy={busy} onDelete={(target) => void remove(target)} />
        ))}
      </ul>
      {files.data && list.length === 0 && unlisted.length === 0 ? <p class="muted files-empty" data-testid="files-empty">{t('files.empty')}</p> : null}
    </div>
  );
}
