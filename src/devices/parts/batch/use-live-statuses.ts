/**
 * Live status of the phones a reboot or reset was accepted for (batch operations show progress without a manual
 * refresh). Polls `status` every second while any of them is busy; stops while the page is
 * hidden (and resumes when it is shown again) and when the component unmounts. Its own poll rather
 * than pollBusyPhones, which home stops when it closes.
 */
import { useEffect, useState } from 'react';
import type { PhoneStatus } from '../../api.ts';
import { refreshStatuses } from '../../actions.ts';
import { POLL_MS } from '../../polling.ts';
import { isBusy } from '../../../../shared/device-types.ts';

export function useLiveStatuses(ids: readonly number[]): Map<number, PhoneStatus> {
  const [statuses, setStatuses] = useState<Map<number, PhoneStatus>>(() => new Map());
  const key = ids.join(',');

  useEffect(() => {
    if (!ids.length) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let asking = false;
    let busy = [...ids];

    const tick = async () => {
      timer = undefined;
      if (stopped || asking || document.visibilityState === 'hidden') return;
      asking = true;
      try {
        const fresh = await refreshStatuses(busy);
        if (stopped) return;
        setStatuses((old) => {
          const next = new Map(old);
          for (const entry of fresh) next.set(entry.userPhoneId, entry);
          return next;
        });
        busy = fresh.filter((entry) => isBusy(entry.businessStatus)).map((entry) => entry.userPhoneId);
      } catch {
        // A failed poll is tried again on the next tick.
      } finally {
        asking = false;
      }
      if (busy.length && !stopped) timer = setTimeout(() => void tick(), POLL_MS);
    };

    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        clearTimeout(timer);
        timer = undefined;
      } else if (!timer && busy.length) {
        void tick();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
    // The id list is compared by value: a new array with the same ids must not restart the poll.
  }, [key]);

  return statuses;
}
