/** The main view: one phone at a time, large, swiped left and right (or stepped with the arrows). */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import type { Phone } from '../api.ts';
import { PhoneCard } from './phone-card.tsx';
import { refreshThumbnails } from './thumbnails.ts';

const SWIPE_PX = 50;

interface SingleViewProps {
  items: Phone[];
  onOpen: (phone: Phone) => void;
  onActions: (phone: Phone) => void;
}

export function SingleView({ items, onOpen, onActions }: SingleViewProps) {
  const [index, setIndex] = useState(0);
  const startX = useRef<number | null>(null);
  const current = items[Math.min(index, items.length - 1)];

  useEffect(() => {
    if (index >= items.length) setIndex(Math.max(0, items.length - 1));
  }, [items.length, index]);
  useEffect(() => {
    if (current) void refreshThumbnails([current.userPhoneId]);
  }, [current?.userPhoneId]);

  if (!current) return null;
  const step = (delta: number) => setIndex((value) => Math.min(items.length - 1, Math.max(0, value + delta)));
  return (
    <div class="single-view" data-testid="single-view"
      onTouchStart={(event) => (startX.current = event.touches[0].clientX)}
      onTouchEnd={(event) => {
        if (startX.current === null) return;
        const dx = event.changedTouches[0].clientX - startX.current;
        startX.current = null;
        if (Math.abs(dx) > SWIPE_PX) step(dx < 0 ? 1 : -1);
      }}>
      <div class="single-view__card">
        <PhoneCard phone={current} layout="grid" onOpen={onOpen} onActions={onActions} />
      </div>
      <div class="single-view__nav">
        <button type="button" class="btn" disabled={index === 0} onClick={() => step(-1)} aria-label={t('devices.previous')} data-testid="single-prev">‹</button>
        <span data-testid="single-position">{Math.min(index, items.length - 1) + 1} / {items.length}</span>
        <button type="button" class="btn" disabled={index >= items.length - 1} onClick={() => step(1)} aria-label={t('devices.next')} data-testid="single-next">›</button>
      </div>
    </div>
  );
}
