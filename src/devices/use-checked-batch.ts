/**
 * A batch page's check, confirmation and submit (transfer, replacement): the server is asked what would happen to
 * each chosen phone and its rows are shown; one confirmation names how many it accepted, and only those are sent,
 * since a refused one would only come back refused again. After the submit, or its refusal, the check is gone and a
 * new one is asked for: the server checks everything again anyway. One call at a time (core's busy action); a
 * refusal of either call goes to `onError`. The page checks its own inputs before asking for a check.
 */
import { useState } from 'react';
import { t } from '../core/i18n/index.ts';
import { openDialog } from '../core/ui/dialogs.ts';
import { useBusyAction, type ErrorRoute } from '../core/ui/use-busy-action.ts';

/** One phone of a check's answer: whether the server would do it. */
export interface CheckedPhone {
  userPhoneId: number;
  ok: boolean;
}

/** The confirmation's words, already translated; its other button is Cancel. */
export interface ConfirmWords {
  title: string;
  message: string;
  action: string;
}

export interface CheckedBatchSteps<Check, Result> {
  /** Asks the server about the chosen phones. */
  check: () => Promise<Check>;
  /** The confirmation for this check, `count` being how many phones it accepted. */
  confirmWords: (check: Check, count: number) => ConfirmWords;
  /** Sends the accepted phones. */
  submit: (check: Check, accepted: number[]) => Promise<Result>;
  onError: ErrorRoute;
}

export function useCheckedBatch<Check extends { items: readonly CheckedPhone[] }, Result>(steps: CheckedBatchSteps<Check, Result>) {
  const { busy, run } = useBusyAction();
  const [checked, setChecked] = useState<Check | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const accepted = checked?.items.filter((item) => item.ok).map((item) => item.userPhoneId) ?? [];

  const check = () => run(async () => setChecked(await steps.check()), steps.onError);

  const confirm = async () => {
    const asked = checked;
    if (!asked || !accepted.length) return;
    const words = steps.confirmWords(asked, accepted.length);
    const choice = await openDialog({
      title: words.title,
      message: words.message,
      actions: [{ label: t('common.cancel') }, { label: words.action, primary: true, value: 'yes' }],
    });
    if (choice !== 'yes') return;
    await run(async () => {
      try {
        setResult(await steps.submit(asked, accepted));
      } finally {
        setChecked(null);
      }
    }, steps.onError);
  };

  /** Back to editing: the check no longer stands. */
  const edit = () => setChecked(null);
  /** From the result back to an empty start. */
  const startOver = () => {
    setResult(null);
    setChecked(null);
  };

  return { busy, checked, accepted, result, check, confirm, edit, startOver };
}
