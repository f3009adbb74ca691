/**
 * discover (home layout): the second device tab. It lists the same phones with its own remembered
 * display mode (spec §2: home and discover each track single or grid); offered when the client
 * function `discovery` is enabled. Its header leads to the game list.
 */
import { Link } from 'wouter';
import { t } from '../../core/i18n/index.ts';
import { pathTo } from '../../app/navigate.ts';
import { DeviceList } from '../parts/device-list.tsx';

export default function DiscoverPage() {
  return (
    <div class="device-page">
      <header class="device-page__header">
        <h1 class="device-page__title">{t('devices.discoverTitle')}</h1>
        <div class="device-page__shortcuts">
          <Link href={pathTo('game-list')} class="btn btn--ghost" data-testid="discover-games">
            {t('devices.games')}
          </Link>
        </div>
      </header>
      <DeviceList tab="discover" />
    </div>
  );
}
