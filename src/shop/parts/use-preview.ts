/**
 * The live price of an order being put together: asks the server's preview (the same computation as
 * order creation) whenever the choices change, keeping only the newest answer.
 */
import { useEffect, useRef, useState } from 'react';
import { previewOrder, type OrderRequest, type Preview } from '../api.ts';

export function usePreview(request: OrderRequest | null): { preview: Preview | null; error: unknown; loading: boolean } {
  const [state, setState] = useState<{ preview: Preview | null; error: unknown; loading: boolean }>({ preview: null, error: null, loading: false });
  const seq = useRef(0);
  const key = request ? JSON.stringify(request) : '';
  useEffect(() => {
    if (!request) {
      setState({ preview: null, error: null, loading: false });
      return;
    }
    const mine = ++seq.current;
    setState((old) => ({ ...old, loading: true }));
    previewOrder(request)
      .then((preview) => mine === seq.current && setState({ preview, error: null, loading: false }))
      .catch((error) => mine === seq.current && setState({ preview: null, error, loading: false }));
  }, [key]);
  return state;
}
