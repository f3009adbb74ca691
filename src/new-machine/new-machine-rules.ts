/** What the new-machine page decides without the server: which phones it was given. */
import { MOCK_BATCH_LIMIT } from '../../shared/contract/new-machine-words.ts';

/**
 * The ids of `?ids=1,2`: positive integers, repeats dropped, in the order given; `kept` are the first MOCK_BATCH_LIMIT
 * of them (the server takes no more at once).
 */
export function chosenIds(query: URLSearchParams): { asked: number[]; kept: number[] } {
  const ids = (query.get('ids') ?? '').split(',').map((part) => Number(part.trim())).filter((id) => Number.isSafeInteger(id) && id > 0);
  const asked = [...new Set(ids)];
  return { asked, kept: asked.slice(0, MOCK_BATCH_LIMIT) };
}
