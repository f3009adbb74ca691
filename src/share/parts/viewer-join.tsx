/**
 * The viewer's first step on a share link: the phone's name, what the link allows, and a display name to join with
 * (prefilled with the name used last, or the account's nickname). The name is 1-20 characters after trimming (spec §5).
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { checkName } from '../../../shared/validate.ts';
import { Field } from '../../core/ui/field.tsx';
import type { OpenedShare } from '../api.ts';

interface ViewerJoinProps {
  opened: OpenedShare;
  initialName: string;
  busy: boolean;
  onJoin: (name: string) => void;
}

export function ViewerJoin({ opened, initialName, busy, onJoin }: ViewerJoinProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    const rule = checkName(name);
    setError(rule ? t(rule) : null);
    if (!rule) onJoin(name.trim());
  };
  return (
    <form class="card share-join" onSubmit={submit} data-testid="share-join-form" noValidate>
      <h2 class="share-join__title">{t('share.watch.intro', { name: opened.phoneName })}</h2>
      <p class="muted" data-testid="share-join-permission">
        {t('share.watch.permission', { permission: t(`share.permission.${opened.permission}`) })}
      </p>
      <Field id="share-display-name" label={t('share.watch.nameLabel')} value={name} onInput={setName} error={error} maxLength={40} autoComplete="nickname" />
      <button type="submit" class="btn btn--primary btn--block" disabled={busy} data-testid="share-join">
        {t(busy ? 'share.watch.joining' : 'share.watch.join')}
      </button>
    </form>
  );
}
