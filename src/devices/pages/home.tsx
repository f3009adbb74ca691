/** home (home layout, `/:clientNo`): the user's cloud phones, with group management and batch operations at hand. */
import { t } from '../../core/i18n/index.ts';
import { goToPage } from '../../app/navigation.ts';
import { routeBySegment } from '../../app/routes.ts';
import { DeviceList } from '../parts/device-list.tsx';

/** Shortcuts of pages that exist: an entry never leads to a 404. */
const SHORTCUTS = [
  { segment: 'add-phone', label: 'shopBuy.buyNow' },
  { segment: 'manage-group', label: 'groups.manageTitle' },
  { segment: 'batch-operation', label: 'groups.batchTitle' },
] as const;

export default function HomePage() {
  return (
    <div class="device-page">
      <header class="device-page__header">
        <h1 class="device-page__title">{t('devices.title')}</h1>
        <div class="device-page__shortcuts">
          {SHORTCUTS.filter((shortcut) => routeBySegment(shortcut.segment)).map((shortcut) => (
            <button key={shortcut.segment} type="button" class="btn btn--ghost" data-testid={`shortcut-${shortcut.segment}`}
              onClick={() => goToPage(shortcut.segment)}>
              {t(shortcut.label)}
            </button>
          ))}
        </div>
      </header>
      <DeviceList tab="home" />
    </div>
  );
}
