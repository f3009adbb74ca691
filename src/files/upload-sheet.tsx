/**
 * The upload panel in a sheet over phone-view's live phone (the stream goes on underneath): the files domain's public
 * entry for it, loaded with its texts when the tool is tapped (`loadUploadSheet`), so phone-view carries none of it.
 */
import { t } from '../core/i18n/index.ts';
import { Sheet } from '../core/ui/sheet.tsx';
import { UploadPanel } from './parts/upload-panel.tsx';
import { ensureFilesTexts } from './texts/index.ts';

export function UploadSheet({ phoneIds, onClose }: { phoneIds: readonly number[]; onClose: () => void }) {
  return (
    <Sheet title={t('files.title')} onClose={onClose} testId="upload-sheet">
      <div class="sheet__panel files-sheet">
        <UploadPanel ids={phoneIds} />
      </div>
    </Sheet>
  );
}

/** The sheet once its texts are in. */
export const loadUploadSheet = (): Promise<typeof UploadSheet> => ensureFilesTexts().then(() => UploadSheet);
