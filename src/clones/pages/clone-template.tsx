/**
 * cloneTemplate (person layout): the caller's clone templates with their size, dates, days left, state and progress,
 * each deletable (asked first). With `?id=` a phone, a form above takes a template from it by name (spec §1, §3, §4;
 * server/API.md "Clones and templates"). Entries: the device action sheet, and the clone page's "manage templates".
 */
import { useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import { Field } from '../../core/ui/field.tsx';
import { openDialog } from '../../core/ui/dialogs.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { errorInto } from '../../core/ui/error-into.ts';
import { notify } from '../../core/ui/notify.ts';
import { checkName } from '../../../shared/validate.ts';
import { useQuery } from '../../core/store/use-query.ts';
import type { PageProps } from '../../app/route-types.ts';
import { usePhones } from '../../devices/phone-lists.ts';
import { TEMPLATE_LIFE_DAYS } from '../../../shared/contract/clone-words.ts';
import type { CloneTemplate } from '../api.ts';
import { sourceId } from '../clone-rules.ts';
import { createTemplate, deleteTemplate, fetchTemplates, TEMPLATES_KEY } from '../state.ts';
import { TemplateItem } from '../parts/template-item.tsx';
import '../parts/clones.css';
export { ensureClonesTexts as ready } from '../texts/index.ts';

function CreateForm({ phoneId }: { phoneId: number }) {
  const phone = usePhones([phoneId]).phones[0];
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useBusyAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    const rule = checkName(name);
    if (rule) return setError(t(rule));
    setError('');
    await run(async () => {
      await createTemplate(phoneId, name);
      setName('');
      notify(t('clones.create.started'), 'success');
    }, errorInto(setError));
  };
  return (
    <section class="card" aria-labelledby="clones-create-title">
      <h2 class="card__title" id="clones-create-title">{t('clones.create.heading')}</h2>
      <p class="clones-note muted" data-testid="template-source">{t('clones.create.from', { name: phone?.name ?? `#${phoneId}` })}</p>
      <p class="clones-note muted">{t('clones.create.hint')}</p>
      <form class="clones-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field id="template-name" label={t('clones.create.name')} value={name} placeholder={t('clones.create.placeholder')}
          maxLength={40} error={error || null} onInput={(value) => { setName(value); setError(''); }} />
        <button type="submit" class="btn btn--primary" disabled={busy} data-testid="template-create">{t('clones.create.submit')}</button>
      </form>
    </section>
  );
}

export default function CloneTemplatePage({ query }: PageProps) {
  const [phoneId] = useState(() => sourceId(query));
  const templates = useQuery(TEMPLATES_KEY, fetchTemplates);
  const { busy, run } = useBusyAction();
  const list = templates.data?.list ?? [];
  const limits = templates.data?.limits;

  const remove = async (template: CloneTemplate) => {
    const choice = await openDialog({
      title: t('clones.templates.deleteTitle'),
      message: t('clones.templates.deleteMessage', { name: template.name }),
      actions: [{ label: t('common.cancel') }, { label: t('clones.templates.delete'), danger: true, value: 'delete' }],
    });
    if (choice !== 'delete') return;
    await run(async () => {
      await deleteTemplate(template.templateId);
      notify(t('clones.templates.deleted'), 'info');
    });
  };

  return (
    <div class="clones-page" data-testid="clone-template">
      {phoneId ? <CreateForm phoneId={phoneId} /> : null}
      <section class="card" aria-labelledby="clones-list-title" aria-busy={templates.loading}>
        <h2 class="card__title" id="clones-list-title">{t('clones.templates.heading')}</h2>
        {limits ? (
          <p class="clones-note muted">{t('clones.templates.limits', { max: limits.templateMax, day: limits.templateDay, days: TEMPLATE_LIFE_DAYS })}</p>
        ) : null}
        {templates.error && !templates.data ? (
          <div role="alert">
            <p class="field__error">{t('clones.templates.loadFailed')}</p>
            <button type="button" class="btn" onClick={templates.refetch}>{t('clones.templates.retry')}</button>
          </div>
        ) : templates.data && !list.length ? (
          <p class="muted" data-testid="template-empty">{t('clones.templates.empty')}</p>
        ) : (
          <ul class="clones-list" aria-live="polite">
            {list.map((template) => <TemplateItem key={template.templateId} template={template} onDelete={(row) => void remove(row)} busy={busy} />)}
          </ul>
        )}
      </section>
    </div>
  );
}
