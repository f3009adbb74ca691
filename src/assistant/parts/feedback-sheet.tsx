/**
 * Feedback (spec §5: a type must be chosen, the content must not be empty), on one answer or in general, in a bottom
 * sheet (focus inside while open, back to its opener after). The rule messages sit under their field and focus
 * moves to the first field in error; a server refusal goes under the field it names; what was typed is never cleared
 * by an error.
 */
import { useRef, useState } from 'react';
import { FEEDBACK_TYPES, MAX_FEEDBACK_CHARS, type FeedbackType } from '../../../shared/contract/assistant-words.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { ApiError, describeError } from '../../core/errors.ts';
import { t } from '../../core/i18n/index.ts';
import { notify } from '../../core/ui/notify.ts';
import { noticeOfError, useBusyAction } from '../../core/ui/use-busy-action.ts';
import { Sheet } from '../../core/ui/sheet.tsx';
import { submitFeedback } from '../state.ts';

type Field = 'type' | 'content';

/** The spec §5 checks, worded by the catalogue (the same entries the server's refusals map to). */
export function feedbackErrors(type: FeedbackType | null, content: string): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!type) errors.type = t('errors.feedbackTypeRequired');
  const text = content.trim();
  if (!text) errors.content = t('errors.feedbackContentRequired');
  else if ([...text].length > MAX_FEEDBACK_CHARS) errors.content = t('errors.feedbackContentTooLong');
  return errors;
}

const FIELD_OF_CODE: Partial<Record<number, Field>> = {
  [ErrorCode.FEEDBACK_TYPE_REQUIRED]: 'type',
  [ErrorCode.FEEDBACK_CONTENT_REQUIRED]: 'content',
  [ErrorCode.FEEDBACK_CONTENT_TOO_LONG]: 'content',
};

interface FeedbackSheetProps {
  /** The answer it is about; null for a general feedback. */
  messageId: number | null;
  onClose: () => void;
}

export function FeedbackSheet({ messageId, onClose }: FeedbackSheetProps) {
  const [type, setType] = useState<FeedbackType | null>(null);
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { busy, run } = useBusyAction();
  const form = useRef<HTMLFormElement>(null);

  const focusField = (field: Field) => {
    const target = field === 'type' ? form.current?.querySelector<HTMLInputElement>('input[name="feedback-type"]') : form.current?.querySelector<HTMLTextAreaElement>('#feedback-content');
    target?.focus();
  };

  /** A refusal about a field goes under it, with the focus; anything else is a notice. */
  const showRefusal = (error: unknown) => {
    const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
    if (!field) return noticeOfError(error);
    setErrors({ [field]: describeError(error) });
    focusField(field);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const found = feedbackErrors(type, content);
    setErrors(found);
    const first = (['type', 'content'] as const).find((field) => found[field]);
    if (first) return focusField(first);
    await run(async () => {
      await submitFeedback(type!, content, messageId);
      notify(t('assistant.feedback.thanks'), 'success');
      onClose();
    }, showRefusal);
  };

  const length = [...content.trim()].length;
  return (
    <Sheet title={t(messageId === null ? 'assistant.feedback.title' : 'assistant.feedbackOnAnswer')} onClose={onClose} testId="feedback-sheet">
      <form ref={form} class="sheet__panel ai-feedback" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset class="ai-feedback__types" aria-invalid={errors.type ? 'true' : undefined} aria-describedby={errors.type ? 'feedback-type-error' : undefined}>
          <legend class="field__label">{t('assistant.feedback.type')}</legend>
          <div class="ai-chips">
            {FEEDBACK_TYPES.map((key) => (
              <label key={key} class={`ai-chip${type === key ? ' ai-chip--on' : ''}`}>
                <input type="radio" name="feedback-type" value={key} checked={type === key} data-testid={`feedback-type-${key}`}
                  onChange={() => {
                    setType(key);
                    setErrors((old) => ({ ...old, type: undefined }));
                  }} />
                {t(`assistant.feedback.types.${key}`)}
              </label>
            ))}
          </div>
          {errors.type ? (
            <p class="field__error" id="feedback-type-error" role="alert" data-testid="feedback-type-error">
              {errors.type}
            </p>
          ) : null}
        </fieldset>
        <div class={`field${errors.content ? ' field--invalid' : ''}`}>
          <label class="field__label" for="feedback-content">
            {t('assistant.feedback.content')}
          </label>
          <textarea id="feedback-content" class="ai-feedback__content" rows={4} value={content} placeholder={t('assistant.feedback.placeholder')}
            aria-invalid={errors.content ? 'true' : undefined} aria-describedby={errors.content ? 'feedback-content-error feedback-count' : 'feedback-count'} data-testid="feedback-content"
            onInput={(event) => {
              setContent((event.currentTarget as HTMLTextAreaElement).value);
              setErrors((old) => ({ ...old, content: undefined }));
            }} />
          {errors.content ? (
            <p class="field__error" id="feedback-content-error" role="alert" data-testid="feedback-content-error">
              {errors.content}
            </p>
          ) : null}
          <p class={`ai-feedback__count${length > MAX_FEEDBACK_CHARS ? ' ai-feedback__count--over' : ''}`} id="feedback-count">
            {t('assistant.feedback.count', { count: length, max: MAX_FEEDBACK_CHARS })}
          </p>
        </div>
        <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="feedback-submit">
          {t('assistant.feedback.submit')}
        </button>
      </form>
    </Sheet>
  );
}
