/**
 * The error handling the account forms share: spec §5 rule messages under their fields, a server refusal
 * under the field it concerns or else in a notice, and one busy flag while a call runs (core's busy action).
 * Only messages are set here; what was typed stays as it is, so a refused form can be corrected rather than retyped.
 */
import { useState } from 'react';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { ApiError } from '../../core/errors.ts';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { fieldOfError, type AuthField } from './server-field-errors.ts';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * Which of this form's fields a server refusal belongs under, from the field fieldOfError names and the
 * error's code; null (or undefined) makes it a notice, as for a field this form does not show.
 */
export type Placement<Field extends string> = (field: AuthField | null, code: number | null) => Field | null | undefined;

export function useFormErrors<Field extends string>(place: Placement<Field>) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  /** Shows these rule checks (an i18n key, or null when fine) in place of every earlier message; true when all passed. */
  const check = (checks: Partial<Record<Field, MessageKey | null | undefined>>): boolean => {
    const next: FieldErrors<Field> = {};
    for (const field of Object.keys(checks) as Field[]) {
      const rule = checks[field];
      if (rule) next[field] = t(rule);
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  /** One field's check, the other messages left as they are (the number, before a code is sent to it). */
  const checkField = (field: Field, rule: MessageKey | null): boolean => {
    setErrors((old) => ({ ...old, [field]: rule ? t(rule) : undefined }));
    return !rule;
  };

  /** The field's message goes as the user edits it; with no field, every message goes. */
  const clear = (field?: Field) => setErrors((old) => (field ? { ...old, [field]: undefined } : {}));

  const showError = (error: unknown, placement: Placement<Field> = place): void => {
    const { field, text } = fieldOfError(error);
    const target = placement(field, error instanceof ApiError ? error.code : null);
    if (target) setErrors((old) => ({ ...old, [target]: text }));
    else notify(text);
  };

  /** Runs a submit's calls with the form busy; a refusal is shown by `onError` (by default, where `place` puts it). */
  const { busy, run } = useBusyAction(showError);

  /**
   * For SendCodeButton: sends, says the code is on its way, and resolves true so the countdown starts. A refusal
   * that says how long to wait (a throttle) resolves to those seconds, so the button counts them down instead.
   */
  const sendCode = async (send: () => Promise<unknown>, onError: (error: unknown) => void = showError): Promise<boolean | number> => {
    try {
      await send();
      notify(t('account.login.codeSent'), 'success');
      return true;
    } catch (error) {
      onError(error);
      return error instanceof ApiError && error.retryAfterSeconds ? error.retryAfterSeconds : false;
    }
  };

  return { errors, busy, check, checkField, clear, showError, run, sendCode };
}
