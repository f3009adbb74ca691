/** Advertisements of one position (platform H5), scrolled sideways; nothing at all when there are none. */
import { useEffect, useState } from 'react';
import { isSafeUrl } from '../../core/safe-url.ts';
import { getAdvertisements, type Advertisement } from '../api.ts';

export function AdBanner({ position }: { position: number }) {
  const [ads, setAds] = useState<Advertisement[]>([]);
  useEffect(() => {
    let cancelled = false;
    // An ad that fails to load is not worth a notice.
    getAdvertisements([position])
      .then((list) => !cancelled && setAds(list))
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [position]);
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
