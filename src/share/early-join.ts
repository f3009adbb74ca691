/**
 * A share link's early start. On slow 3G the page's own code (the stage, the stream SDK, the texts) comes in a second
 * or more after the link is opened; this small file is run by the page's boot as soon as it arrives (the boot plan's
 * `run` list, scripts/boot-plan.mjs), and sends now what the page would send once it runs:
 * - a browser that joined this link before: the join, and the stream socket, with the kept viewer key as its first
 *   message, which lets the viewer back into the room by itself (the stream protocol's `rejoin`), so the first picture
 *   waits for neither the join's answer nor the page's code;
 * - a first visit by a link that names its phone: the same, with a viewer key made here and kept for the link, the
 *   socket joining by itself (`join`, without a name: the server gives one, which the viewer may change on the page);
 * - a first visit by an older link without its phone: the look at the link that the name form shows.
 * The page takes them over: its http client finds the replies among the boot's (app/boot-replies.ts), the stream SDK
 * the socket with what it heard meanwhile (stream/early-socket.ts).
 *
 * It imports no module of the app's entry (it may run before the entry has), and does nothing without the boot's
 * headers (the dev server has no boot) or on another page.
 */
import { openEarlySocket } from '../stream/early-socket.ts';
import { streamBase, streamUrl } from '../stream/stream-url.ts';
import { keepViewer, keptName, keptViewerKey, linkPhoneOf, newViewerKey, returningTo, tokenOf } from './kept-viewer.ts';
import type { SocketJoin } from '../../shared/contract/stream-protocol.ts';

export { tokenOf };

/** The viewer's first calls; their bodies as the http client writes them (share/api.ts: same fields, same order). */
const OPEN_PATH = '/api/device/share/open';
const JOIN_PATH = '/api/device/share/join';
export const joinBody = (token: string, displayName: string, viewerKey: string): string => JSON.stringify({ token, displayName, viewerKey });

/** A call the page will make, sent now; the page's http client takes its reply (app/boot-replies.ts). */
function callAhead(path: string, body: string, headers: Record<string, string>, priority: 'high' | 'low'): void {
  const init = { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body, credentials: 'same-origin', priority } as const;
  const reply = fetch(path, init);
  reply.catch(() => {});
  window.__bootReplies![`POST ${path} ${body}`] = reply;
}

function startEarly(): void {
  const headers = window.__bootHeaders;
  if (!headers || !window.__bootReplies || !location.pathname.includes('/share-screen-control/') || navigator.onLine === false) return;
  const query = new URLSearchParams(location.search);
  const token = tokenOf(query);
  if (!token) return;
  let phoneId = returningTo(token);
  let viewerKey = keptViewerKey(token);
  let join: SocketJoin | undefined;
  if (phoneId === null || !viewerKey) {
    phoneId = linkPhoneOf(query);
    // An older link: the link's phone and permission, which the name form shows (the page's first call).
    if (phoneId === null) return callAhead(OPEN_PATH, JSON.stringify({ token }), headers, 'high');
    // Kept now, so the page takes this visit for a returning one and joins with the same key.
    viewerKey = newViewerKey();
    keepViewer(token, keptName(), viewerKey, phoneId);
    // No name: one used for another owner's link is not shown to this one unasked; the server gives one.
    join = { share: token, name: '', language: headers.language === 'en-US' ? 'en-US' : 'zh-CN' };
  }
  // Low: the first picture does not wait for the join (the socket below lets the viewer in), the page's files do.
  // No name either: the room keeps the one it knows (the server's, or the one picked while watching).
  callAhead(JOIN_PATH, joinBody(token, '', viewerKey), headers, 'low');
  let url: string;
  try {
    url = streamUrl(streamBase(), phoneId, null);
  } catch {
    return; // a stream base the SDK refuses too: the page reports it
  }
  // The kept key brings the viewer back into the room as the socket opens: the first picture does not wait for the
  // join's answer, which on a slow link queues behind the page's files.
  openEarlySocket(url, join ? { type: 'auth', token: viewerKey, join } : { type: 'auth', token: viewerKey, rejoin: true });
}

if (typeof window !== 'undefined') startEarly();
