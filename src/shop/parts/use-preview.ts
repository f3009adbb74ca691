/**
 * The live price of an order being put together: asks the server's preview (the same computation as order creation)
 * whenever the choices change, as a query of the store keyed by the request, so only the answer for the choices now
 * on screen shows; the last price stays while the next is on its way.
 */
import { useQuery } from '../../core/store/use-query.ts';
import { previewOrder, type OrderRequest, type Preview } from '../api.ts';

export function usePreview(request: OrderRequest | null): { preview: Preview | null; error: unknown; loading: boolean } {
  const view = useQuery(request ? ['shop', 'preview', request] : null, () => previewOrder(request!), { keepPrevious: true });
  if (!request) return { preview: null, error: null, loading: false };
  return { preview: view.error ? null : (view.data ?? null), error: view.error, loading: view.loading };
}
