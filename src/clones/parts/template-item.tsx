/** One template in the list: name and state, progress while it is made, size, apps, source, dates, days left, delete. */
import { t } from '../../core/i18n/index.ts';
import { describe } from '../../core/errors.ts';
import type { CloneTemplate } from '../api.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { formatSize } from '../clone-rules.ts';

interface Props {
  template: CloneTemplate;
  onDelete?: (template: CloneTemplate) => void;
  busy?: boolean;
}

export function TemplateFacts({ template }: { template: CloneTemplate }) {
  return (
    <span class="clones-item__facts">
      <span>{t('clones.templates.size', { size: formatSize(template.size) })}</span>
      <span>{t('clones.templates.apps', { count: template.appCount })}</span>
      <span>{t('clones.templates.source', { name: template.sourcePhoneName })}</span>
      <span>{t('clones.templates.created', { time: formatDateTime(template.createdAt) })}</span>
      <span>{t('clones.templates.expires', { time: formatDateTime(template.expiresAt) })}</span>
      {template.state !== 'expired' ? <span data-testid="template-days-left">{t('clones.templates.daysLeft', { days: template.daysLeft })}</span> : null}
    </span>
  );
}

export function TemplateItem({ template, onDelete, busy }: Props) {
  const { state } = template;
  return (
    <li class="clones-item" data-testid="template-item" data-state={state} data-name={template.name}>
      <div class="clones-item__head">
        <span class="clones-item__name">{template.name}</span>
        <span class={`clones-state--${state}`} data-testid="template-state">{t(`clones.states.${state}`)}</span>
      </div>
      {state === 'creating' ? (
        <>
          <div class="clones-bar" role="progressbar" aria-label={template.name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={template.progress}>
            <div class="clones-bar__fill" style={{ transform: `scaleX(${template.progress / 100})` }} />
          </div>
          <p class="clones-note muted" data-testid="template-progress">{t('clones.templates.progress', { progress: template.progress })}</p>
        </>
      ) : null}
      {state === 'failed' ? (
        <p class="clones-note clones-state--failed" role="alert">{t('clones.templates.failedBecause', { reason: describe(template.failCode) })}</p>
      ) : null}
      <TemplateFacts template={template} />
      {onDelete && state !== 'deleting' ? (
        <div class="clones-item__actions">
          <button type="button" class="btn btn--danger" disabled={busy} onClick={() => onDelete(template)}
            aria-label={t('clones.templates.deleteNamed', { name: template.name })} data-testid="template-delete">
            {t('clones.templates.delete')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
