/**
 * `items.map(fn)` for an asynchronous `fn`, one item after another: each call sees what the ones before it wrote, as
 * a plain loop does, and a transaction's statements keep their order.
 */
export async function mapInOrder<T, R>(items: Iterable<T>, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let index = 0;
  for (const item of items) results.push(await fn(item, index++));
  return results;
}
