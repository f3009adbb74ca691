/**
 * discover (home layout): the second device tab. It lists the same phones with its own remembered
 * display mode (spec §2: home and discover each track single or grid); offered when the client
 * function `discovery` is enabled.
 */
import { t } from '../../core/i18n/index.ts';
import { DeviceList } from '../parts/device-list.tsx';

export default function DiscoverPage() {
  return (
    <div class="device-page">
      <header class="device-page__header">
        <h1 class="device-page__title">{t('devices.discoverTitle')}</h1>
      </header>
      <DeviceList tab="discover" />
    </div>
  );
}
