/** Advertisements of one position (platform H5), scrolled sideways; nothing at all when there are none. */
import { isSafeUrl } from '../../core/safe-url.ts';
import { useQuery } from '../../core/store/use-query.ts';
import { getAdvertisements, type Advertisement } from '../account-api.ts';

export function AdBanner({ position }: { position: number }) {
  // An ad that fails to load is not worth a notice: the banner simply stays away.
  const ads: Advertisement[] = useQuery(['account', 'ads', position], () => getAdvertisements([position]), { keepPrevious: true }).data ?? [];
  if (!ads.length) return null;
  return (
    <div class="ads" data-testid={`ads-${position}`}>
      {ads.map((ad) => (
        <a key={ad.id} class="ads__item" href={ad.linkUrl && isSafeUrl(ad.linkUrl) ? ad.linkUrl : undefined} target="_blank" rel="noopener noreferrer">
          <img src={ad.imageUrl} alt={ad.title} loading="lazy" width="320" height="100" />
        </a>
      ))}
    </div>
  );
}
