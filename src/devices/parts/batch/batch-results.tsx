/**
 * Per-device results of a batch: succeeded, or failed with the translated reason; screenshots
 * as thumbnails with a download link; reboots and resets then follow each phone's live progress.
 */
import { useEffect, useRef } from 'react';
import { t } from '../../../core/i18n/index.ts';
import { describe } from '../../../core/errors.ts';
import { isSafeUrl } from '../../../core/safe-url.ts';
import type { PhoneStatus } from '../../api.ts';
import type { BatchEntry } from '../../../../shared/device-types.ts';
import { phoneLabel } from '../../phone-store.ts';
import { useLiveStatuses } from './use-live-statuses.ts';
import { VirtualGrid } from '../../../core/ui/virtual-grid/virtual-grid.tsx';
import type { BatchCall } from '../../actions.ts';

const ROW_HEIGHT = 60;
const VISIBLE_ROWS = 6;

interface BatchResultsProps {
  call: BatchCall['kind'];
  entries: BatchEntry[];
}

function LiveStatus({ status }: { status: PhoneStatus | undefined }) {
  if (!status) return <span class="muted">{t('devices.groups.batch.succeeded')}</span>;
  if (status.businessStatus === 'operating') {
    const percent = Math.max(0, Math.min(100, Math.round(status.operation?.progress ?? 0)));
    return (
      <span class="batch-progress" data-testid="batch-progress">
        <progress max={100} value={percent} />
        <span>{t('devices.groups.batch.progress', { percent })}</span>
      </span>
    );
  }
  return <span class="batch-result__ok" data-testid="batch-live-status">{t(`devices.status.${status.businessStatus}`)}</span>;
}

function ResultRow({ entry, live, status }: { entry: BatchEntry; live: boolean; status: PhoneStatus | undefined }) {
  const { name, phoneNo } = phoneLabel(entry.userPhoneId);
  const reason = entry.success ? '' : describe(entry.code, entry.msg);
  return (
    <div class="batch-result" data-testid="batch-result" data-phone-id={entry.userPhoneId} data-success={String(entry.success)}>
      <div class="batch-result__who">
        <span class="batch-result__name">{name}</span>
        <span class="muted">{phoneNo}</span>
      </div>
      <div class="batch-result__what" title={reason || undefined}>
        {entry.success ? (
          live ? <LiveStatus status={status} /> : <span class="batch-result__ok">{t('devices.groups.batch.succeeded')}</span>
        ) : (
          <span class="batch-result__failed">{`${t('devices.groups.batch.failed')}: ${reason}`}</span>
        )}
      </div>
    </div>
  );
}

function Screenshot({ entry }: { entry: BatchEntry }) {
  const { name, phoneNo } = phoneLabel(entry.userPhoneId);
  const url = entry.url && isSafeUrl(entry.url) ? entry.url : '';
  return (
    <figure class="batch-shot" data-testid="batch-shot">
      {url ? <img src={url} alt={t('devices.groups.batch.screenshotAlt', { name })} loading="lazy" /> : null}
      <figcaption>
        <span class="batch-result__name">{name}</span>
        {url ? (
          <a href={url} download={`${phoneNo || entry.userPhoneId}.svg`} target="_blank" rel="noopener">
            {t('devices.groups.batch.download')}
          </a>
        ) : null}
      </figcaption>
    </figure>
  );
}

export function BatchResults({ call, entries }: BatchResultsProps) {
  const live = call === 'reboot' || call === 'reset';
  const accepted = live ? entries.filter((entry) => entry.success).map((entry) => entry.userPhoneId) : [];
  const statuses = useLiveStatuses(accepted);
  const section = useRef<HTMLElement>(null);
  // The results land below the form: bring them on screen (the page remounts this per run).
  useEffect(() => section.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }), []);
  const ok = entries.filter((entry) => entry.success).length;
  const shots = call === 'screenshot' ? entries.filter((entry) => entry.success) : [];
  const rows = call === 'screenshot' ? entries.filter((entry) => !entry.success) : entries;
  return (
    <section ref={section} class="batch-results" aria-live="polite">
      <h2 class="section-title">{t('devices.groups.batch.results')}</h2>
      <p class="batch-results__summary" data-testid="batch-summary">
        {t('devices.groups.batch.summary', { ok, failed: entries.length - ok })}
      </p>
      {shots.length ? (
        <div class="batch-shots">
          {shots.map((entry) => (
            <Screenshot key={entry.userPhoneId} entry={entry} />
          ))}
        </div>
      ) : null}
      {rows.length ? (
        <VirtualGrid
          items={rows}
          columns={1}
          gap={0}
          rowHeight={() => ROW_HEIGHT}
          height={Math.min(rows.length, VISIBLE_ROWS) * ROW_HEIGHT}
          itemKey={(entry) => entry.userPhoneId}
          className="row-list batch-results__list"
          testId="batch-result-list"
          label={t('devices.groups.batch.results')}
          renderItem={(entry) => <ResultRow entry={entry} live={live} status={statuses.get(entry.userPhoneId)} />}
        />
      ) : null}
    </section>
  );
}
