/**
 * The apps of the chosen phones as one list to choose from (a radio group): name, package, version, on how many of
 * the chosen phones it is and runs, and whether it is a system app.
 */
import { t } from '../../core/i18n/index.ts';
import type { AppSummary } from '../api.ts';
import { appCoverage } from '../app-rules.ts';

interface Props {
  apps: AppSummary[];
  chosenPhones: readonly number[];
  selected: string | null;
  onSelect: (packageName: string) => void;
}

export function AppList({ apps, chosenPhones, selected, onSelect }: Props) {
  return (
    <div class="apps-list" role="radiogroup" aria-labelledby="apps-list-title" data-testid="apps-list">
      {apps.map((app) => {
        const { count, total, running } = appCoverage(app, chosenPhones);
        return (
          <div key={app.packageName} class="apps-row" data-testid="apps-row" data-package={app.packageName} data-system={app.system}>
            <label class="radio">
              <input type="radio" name="apps-choice" value={app.packageName} checked={selected === app.packageName}
                onChange={() => onSelect(app.packageName)} />
              <span class="apps-row__body">
                <span class="apps-row__label">
                  {app.label}
                  {app.system ? <span class="apps-badge">{t('apps.system')}</span> : null}
                </span>
                <span class="apps-row__package">{app.packageName}</span>
                <span class="apps-row__facts" data-testid="apps-row-facts">
                  {t('apps.version', { name: app.versionName })} · {t('apps.onPhones', { count, total })}
                  {running ? ` · ${t('apps.running', { count: running })}` : ''}
                </span>
              </span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
