/**
 * The viewer's own display name, changed while watching: a first visit comes in under the name this browser used
 * last, or one the server gave ("Guest 1234"), so the picture never waits for a form; the name is picked here. The
 * spec §5 name rule, with the message next to the field; what was typed stays on a refusal.
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { checkName } from '../../../shared/validate.ts';
import { Field } from '../../core/ui/field.tsx';
import { Sheet } from '../../core/ui/sheet.tsx';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { renameAsViewer } from '../state.ts';

interface ViewerNameSheetProps {
  token: string;
  viewerKey: string;
  userPhoneId: number;
  current: string;
  onRenamed: (name: string) => void;
  onClose: () => void;
}

export function ViewerNameSheet({ token, viewerKey, userPhoneId, current, onRenamed, onClose }: ViewerNameSheetProps) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusyAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    const rule = checkName(name);
    setError(rule ? t(rule) : null);
    if (rule || busy) return;
    await run(async () => {
      onRenamed(await renameAsViewer(token, viewerKey, userPhoneId, name.trim()));
      notify(t('share.watch.renamed'), 'success');
      onClose();
    }, errorInto(setError));
  };
  return (
    <Sheet title={t('share.watch.changeName')} onClose={onClose} testId="share-name-sheet">
      <form class="share-name-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field id="share-display-name" label={t('share.watch.nameLabel')} value={name} onInput={setName} error={error} maxLength={40} autoComplete="nickname" />
        <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="share-name-save">
          {t('share.watch.nameSave')}
        </button>
      </form>
    </Sheet>
  );
}
