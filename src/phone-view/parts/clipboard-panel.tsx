/**
 * The shared clipboard (spec §1, §5): send local text to the phone (it lands on the phone's clipboard and in the
 * focused field), read the phone's clipboard back, and keep common phrases (add, edit, delete; empty or duplicate
 * content is refused next to the box, and nothing typed is lost).
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { copyText } from '../../core/clipboard.ts';
import { read } from '../../core/storage.ts';
import { MAX_CLIPBOARD_CHARS } from '../../../shared/contract/stream-protocol.ts';
import { openDialog } from '../../core/ui/dialogs.ts';
import { notify } from '../../core/ui/notify.ts';
import { Sheet } from '../../core/ui/sheet.tsx';
import { addPhrase, editPhrase, loadPhrases, MAX_PHRASE_CHARS, MAX_PHRASES, removePhrase, savePhrases, type PhraseError } from '../phrases.ts';
import { panel, streamClient } from '../session.ts';

function errorText(error: PhraseError | 'tooLongClipboard'): string {
  if (error === 'tooMany') return t('phoneView.clipboard.tooMany', { max: MAX_PHRASES });
  if (error === 'tooLong') return t('phoneView.clipboard.tooLong', { max: MAX_PHRASE_CHARS });
  if (error === 'tooLongClipboard') return t('phoneView.clipboard.tooLong', { max: MAX_CLIPBOARD_CHARS });
  return t(`phoneView.clipboard.${error}`);
}

const userKey = () => String(read('userInfo')?.userId ?? read('userInfo')?.userNo ?? 'anonymous');

export function ClipboardPanel() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [phoneText, setPhoneText] = useState<string | null>(null);
  const [phrases, setPhrases] = useState(() => loadPhrases(userKey()));
  /** The phrase being edited, by its text: its place may change if another phrase is deleted meanwhile. */
  const [editing, setEditing] = useState<string | null>(null);

  const store = (list: string[]) => {
    setPhrases(list);
    savePhrases(userKey(), list);
  };
  const send = (value: string) => {
    if (!value.trim()) return setError(errorText('empty'));
    if (Array.from(value).length > MAX_CLIPBOARD_CHARS) return setError(errorText('tooLongClipboard'));
    const client = streamClient();
    // While (re)connecting nothing reaches the phone: say so rather than claim it was sent.
    if (!client?.setClipboard(value) || !client.paste()) return notify(t('errors.streamConnectionLost'));
    setError(null);
    notify(t('phoneView.clipboard.sent'), 'success');
  };
  const readPhone = async () => {
    try {
      const value = (await streamClient()?.readClipboard()) ?? null;
      setPhoneText(value ?? '');
    } catch {
      notify(t('phoneView.clipboard.failed'));
    }
  };
  const save = () => {
    const index = editing === null ? -1 : phrases.indexOf(editing);
    const result = index < 0 ? addPhrase(phrases, text) : editPhrase(phrases, index, text);
    if (!result.ok) return setError(errorText(result.error));
    store(result.list);
    setEditing(null);
    setError(null);
    notify(t('phoneView.clipboard.saved'), 'success');
  };
  const remove = async (index: number) => {
    const choice = await openDialog({
      title: t('phoneView.clipboard.delete'),
      message: t('phoneView.clipboard.deleteConfirm'),
      actions: [{ label: t('common.cancel') }, { label: t('phoneView.clipboard.delete'), danger: true, value: 'yes' }],
    });
    if (choice !== 'yes') return;
    if (editing === phrases[index]) setEditing(null);
    store(removePhrase(phrases, index));
  };

  return (
    <Sheet title={t('phoneView.clipboard.title')} onClose={() => (panel.value = 'none')} testId="clipboard-panel">
      <div class="sheet__panel pv-clipboard">
        <label class="field__label" for="pv-clipboard-text">
          {t('phoneView.clipboard.label')}
        </label>
        <textarea
          id="pv-clipboard-text"
          class={`pv-clipboard__text${error ? ' field--invalid' : ''}`}
          rows={3}
          placeholder={t('phoneView.clipboard.placeholder')}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'pv-clipboard-error' : undefined}
          data-testid="clipboard-text"
          onInput={(event) => setText(event.currentTarget.value)}
        />
        {error ? (
          <p id="pv-clipboard-error" class="field__error" role="alert" data-testid="clipboard-error">
            {error}
          </p>
        ) : null}
        <div class="pv-clipboard__row">
          <button type="button" class="btn btn--primary" data-testid="clipboard-send" onClick={() => send(text)}>
            {t('phoneView.clipboard.send')}
          </button>
          <button type="button" class="btn" data-testid="phrase-save" onClick={save}>
            {editing === null ? t('phoneView.clipboard.addPhrase') : t('phoneView.clipboard.save')}
          </button>
        </div>
        <button type="button" class="btn pv-clipboard__read" data-testid="clipboard-read" onClick={() => void readPhone()}>
          {t('phoneView.clipboard.read')}
        </button>
        {phoneText !== null ? (
          <div class="pv-clipboard__phone" data-testid="phone-clipboard">
            <span class="muted">{t('phoneView.clipboard.phoneClipboard')}</span>
            <p data-testid="phone-clipboard-text">{phoneText || t('phoneView.clipboard.phoneEmpty')}</p>
            {phoneText ? (
              <div class="pv-clipboard__row">
                <button type="button" class="btn" onClick={() => void copyText(phoneText).then((ok) => notify(t(ok ? 'common.copied' : 'errors.copyFailed'), ok ? 'success' : 'error'))}>
                  {t('phoneView.clipboard.copyLocal')}
                </button>
                <button type="button" class="btn" onClick={() => setText(phoneText)}>
                  {t('phoneView.clipboard.useText')}
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
        <h3 class="pv-clipboard__heading">{t('phoneView.clipboard.phrases')}</h3>
        {phrases.length === 0 ? <p class="muted">{t('phoneView.clipboard.noPhrases')}</p> : null}
        <ul class="pv-phrases" data-testid="phrases">
          {phrases.map((phrase, index) => (
            <li key={phrase} class={`pv-phrases__item${editing === phrase ? ' pv-phrases__item--editing' : ''}`}>
              <button type="button" class="pv-phrases__text" data-testid="phrase-send" onClick={() => send(phrase)}>
                {phrase}
              </button>
              <button type="button" class="pv-phrases__act" data-testid="phrase-edit" onClick={() => (setEditing(phrase), setText(phrase), setError(null))}>
                {t('phoneView.clipboard.edit')}
              </button>
              <button type="button" class="pv-phrases__act pv-phrases__act--danger" data-testid="phrase-delete" onClick={() => void remove(index)}>
                {t('phoneView.clipboard.delete')}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Sheet>
  );
}
