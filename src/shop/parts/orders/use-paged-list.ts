/** A list read page by page with "load more"; a change of `key` (a tab) starts over, and a late reply of an older key is dropped. */
import { useEffect, useRef, useState } from 'react';

export interface PageReply<T> {
  list: T[];
  total: number;
}

export const PAGE_SIZE = 20;

export function usePagedList<T>(key: string, load: (pageNo: number, pageSize: number) => Promise<PageReply<T>>) {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const seq = useRef(0);
  const pageNo = useRef(0);
  const latestLoad = useRef(load);
  latestLoad.current = load;

  const fetchPage = async (next: number) => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const reply = await latestLoad.current(next, PAGE_SIZE);
      if (mine !== seq.current) return;
      pageNo.current = next;
      setItems((current) => (next === 1 ? reply.list : current.concat(reply.list)));
      setTotal(reply.total);
      setError(null);
      setLoaded(true);
    } catch (failure) {
      if (mine === seq.current) setError(failure);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };

  useEffect(() => {
    setItems([]);
    setTotal(0);
    setLoaded(false);
    void fetchPage(1);
  }, [key]);

  return {
    items,
    total,
    loading,
    loaded,
    error,
    hasMore: loaded && items.length < total,
    more: () => fetchPage(pageNo.current + 1),
    reload: () => fetchPage(1),
  };
}
