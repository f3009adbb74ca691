/**
 * The app's side of the inline boot (inline-boot.ts): a request the page already sent before the app's JS arrived is
 * answered from that reply, once, instead of being sent again. Everything else goes to the network as usual.
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
  if (!replies || (init?.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (url.origin !== location.origin) return undefined;
  const key = url.pathname + url.search;
  if (!(key in replies)) return undefined;
  const reply = replies[key];
  delete replies[key];
  return reply;
}
