/**
 * The app's side of the inline boot (inline-boot.ts) and of a page's early start (share/early-join.ts): a request the
 * page already sent before the app's JS arrived is answered from that reply, once, instead of being sent again. Everything else goes to the network as usual.
 */
export function fetchWithBootReplies(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const early = takeBootReply(input, init);
  if (!early) return fetch(input, init);
  const signal = init?.signal;
  // The caller's timeout still applies to a reply that started early.
  return new Promise((resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('The request was aborted', 'AbortError')));
    early.then(resolve, reject);
  });
}

function takeBootReply(input: RequestInfo | URL, init?: RequestInit): Promise<Response> | undefined {
  const replies = typeof window === 'undefined' ? undefined : window.__bootReplies;
  if (!replies) return undefined;
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (url.origin !== location.origin) return undefined;
  // A GET by its address; any other call by method, address and body too (a page's early start sends one).
  const method = (init?.method ?? 'GET').toUpperCase();
  const key = method === 'GET' ? url.pathname + url.search : `${method} ${url.pathname}${url.search} ${String(init?.body)}`;
  if (!(key in replies)) return undefined;
  const reply = replies[key];
  delete replies[key];
  return reply;
}
