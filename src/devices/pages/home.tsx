/** home (home layout, `/:clientNo`): the user's cloud phones, with group management and batch operations at hand. */
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { goToPage } from '../../app/navigate.ts';
import { permissionKeys } from '../../app/client-state.ts';
import { entryAllowed } from '../../app/entry-rules.ts';
import type { RouteSegment } from '../../app/route-types.ts';
import { DeviceList } from '../parts/device-list.tsx';

/**
 * Shortcuts of pages that exist (the segment type is the route table's, so none leads to a 404), shown when their
 * client functions allow (spec §6).
 */
const SHORTCUTS: ReadonlyArray<{ segment: RouteSegment; label: MessageKey }> = [
  { segment: 'add-phone', label: 'devices.buyNow' },
  { segment: 'manage-group', label: 'devices.groups.manageTitle' },
  { segment: 'batch-operation', label: 'devices.groups.batchTitle' },
];

export default function HomePage() {
  return (
    <div class="device-page">
      <header class="device-page__header">
        <h1 class="device-page__title">{t('devices.title')}</h1>
        <div class="device-page__shortcuts">
          {SHORTCUTS.filter((shortcut) => entryAllowed(shortcut.segment, permissionKeys.value)).map((shortcut) => (
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
