/**
 * fileUpload (device layout, `?ids=` the phones to install on): the upload panel (parts/upload-panel.tsx) on a page of
 * its own. Entries: the device action sheet and the batch page; phone-view shows the same panel in a sheet.
 */
import type { PageProps } from '../../app/route-types.ts';
import { MAX_FILE_TARGETS } from '../../../shared/contract/file-words.ts';
import { UploadPanel } from '../parts/upload-panel.tsx';
export { ensureFilesTexts as ready } from '../texts/index.ts';

/** The phones of `?ids=`, at most the most one file goes to. */
function targetIds(query: URLSearchParams): number[] {
  const ids = (query.get('ids') ?? '').split(',').map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)].slice(0, MAX_FILE_TARGETS);
}

export default function FileUploadPage({ query }: PageProps) {
  return (
    <div class="files-page">
      <UploadPanel ids={targetIds(query)} />
    </div>
  );
}
