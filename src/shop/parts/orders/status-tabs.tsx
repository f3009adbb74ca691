/** A row of status tabs that scrolls sideways; the chosen one is scrolled into view. */
import { useEffect, useRef } from 'react';

interface StatusTabsProps<K extends string> {
  tabs: readonly K[];
  current: K;
  label: (key: K) => string;
  onSelect: (key: K) => void;
  ariaLabel: string;
  testId: string;
}

export function StatusTabs<K extends string>({ tabs, current, label, onSelect, ariaLabel, testId }: StatusTabsProps<K>) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    bar.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <div class="shop-tabs" role="tablist" aria-label={ariaLabel} ref={bar}>
      {tabs.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          class="shop-tabs__tab"
          aria-selected={key === current}
          data-testid={`${testId}-${key}`}
          onClick={() => onSelect(key)}
        >
          {label(key)}
        </button>
      ))}
    </div>
  );
}
