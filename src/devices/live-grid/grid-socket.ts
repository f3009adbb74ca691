/**
 * The live grid's one socket (server/API.md "Live grid"): a ticket from the streaming host, then `watch` messages
 * naming the phones on screen and thumbnails back. A dropped socket reconnects with the phone stream's backoff; a
 * refused one (4403) asks for a new ticket first; a ticket is renewed, with a new socket, a minute before it expires
 * (the server closes a socket whose ticket has run out).
 */
import { streamSdkBaseURL } from '../../core/sdk-http.ts';
import { reconnectDelay, shouldGiveUp } from '../../stream/backoff.ts';
import type { GridClientMessage, GridServerMessage, GridTicket } from '../../../shared/contract/grid-protocol.ts';
import { CLOSE_NOT_ASSIGNED } from '../../../shared/contract/stream-protocol.ts';
import { gridTicket } from './grid-api.ts';
import { gridSocketUrl, readThumb, sameIds } from './rules.ts';

export interface GridSocketEvents {
  /** A watch went out on an open socket: the first picture of each id in it is due from now. */
  watched(ids: readonly number[]): void;
  picture(userPhoneId: number, jpeg: Uint8Array<ArrayBuffer>): void;
  unavailable(ids: readonly number[]): void;
  /** Reconnecting failed too often, or the host's address is unusable: the grid shows stills. */
  failed(): void;
}

export interface GridSocketDeps {
  WebSocket?: typeof WebSocket;
  ticket?: () => Promise<GridTicket>;
  /** The server's clock, which the ticket's expireTime is on. */
  serverNow?: () => number;
  baseUrl?: () => string;
  random?: () => number;
  /** Where the ticket is kept: the grid keeps it across sockets, so a page shown again reuses it while it is good. */
  ticketCache?: { ticket: GridTicket | null };
}

export interface GridSocket {
  /** The phones to stream; [] streams nothing but keeps the socket for the next scroll. */
  watch(ids: readonly number[]): void;
  /** `watch []`, then a normal close; nothing reconnects. */
  close(): void;
}

/** The next ticket is fetched this long before the current one runs out. */
export const TICKET_RENEW_BEFORE_MS = 60_000;
/** However a clock is set, a ticket is not renewed sooner than this after it was fetched. */
const MIN_RENEW_WAIT_MS = 10_000;
/** WebSocket.OPEN, spelled out so a test's fake socket needs no constants. */
const OPEN = 1;

export function createGridSocket(events: GridSocketEvents, deps: GridSocketDeps = {}): GridSocket {
  const Socket = deps.WebSocket ?? WebSocket;
  const fetchTicket = deps.ticket ?? gridTicket;
  const serverNow = deps.serverNow ?? Date.now;
  const baseUrl = deps.baseUrl ?? streamSdkBaseURL;
  const cache = deps.ticketCache ?? { ticket: null };
  let socket: WebSocket | null = null;
  let wanted: readonly number[] = [];
  /** What the open socket was last told to watch. */
  let sent: number[] | null = null;
  let attempt = 0;
  let closed = false;
  let connecting = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | null = null;

  const usable = (t: GridTicket | null): t is GridTicket => t !== null && t.expireTime - serverNow() > TICKET_RENEW_BEFORE_MS;

  async function connect(): Promise<void> {
    if (closed || connecting || socket) return;
    connecting = true;
    let current: GridTicket;
    try {
      current = usable(cache.ticket) ? cache.ticket : await fetchTicket();
    } catch {
      connecting = false;
      return retry();
    }
    connecting = false;
    cache.ticket = current;
    if (!closed) open(current);
  }

  function open(current: GridTicket): void {
    let url: string;
    try {
      url = gridSocketUrl(baseUrl(), current.ticket);
    } catch {
      // A build with an unusable stream host: trying again cannot help.
      return events.failed();
    }
    const ws = new Socket(url);
    ws.binaryType = 'arraybuffer';
    socket = ws;
    sent = null;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempt = 0;
      scheduleRenewal(current);
      sync();
    };
    ws.onmessage = (event: MessageEvent) => {
      if (socket !== ws) return;
      if (typeof event.data === 'string') return onText(event.data);
      const thumb = event.data instanceof ArrayBuffer ? readThumb(event.data) : null;
      if (!thumb) return;
      events.picture(thumb.userPhoneId, thumb.jpeg);
      // Acknowledged on arrival: the host sends the next thumbnails only as these arrive (no queue on a slow link).
      ws.send(JSON.stringify({ type: 'ack', seq: thumb.seq } satisfies GridClientMessage));
    };
    ws.onclose = (event: CloseEvent) => {
      // A socket replaced by a renewal closes after its successor took over: nothing to do.
      if (socket !== ws) return;
      socket = null;
      sent = null;
      clearRenewal();
      if (event.code === CLOSE_NOT_ASSIGNED) cache.ticket = null;
      retry();
    };
  }

  function onText(text: string): void {
    let message: GridServerMessage;
    try {
      message = JSON.parse(text) as GridServerMessage;
    } catch {
      return;
    }
    if (message.type === 'unavailable' && Array.isArray(message.userPhoneIds)) events.unavailable(message.userPhoneIds);
  }

  function retry(): void {
    if (closed) return;
    attempt++;
    if (shouldGiveUp(attempt)) return events.failed();
    retryTimer = setTimeout(() => {
      retryTimer = null;
      // Nothing on screen to watch: the next watch() connects.
      if (wanted.length) void connect();
    }, reconnectDelay(attempt, deps.random));
  }

  function scheduleRenewal(current: GridTicket): void {
    clearRenewal();
    const wait = Math.max(MIN_RENEW_WAIT_MS, current.expireTime - serverNow() - TICKET_RENEW_BEFORE_MS);
    renewTimer = setTimeout(() => void renew(), wait);
  }

  function clearRenewal(): void {
    if (renewTimer !== null) clearTimeout(renewTimer);
    renewTimer = null;
  }

  /** A new ticket and a new socket; the pictures stay on the cards meanwhile. */
  async function renew(): Promise<void> {
    renewTimer = null;
    let next: GridTicket;
    try {
      next = await fetchTicket();
    } catch {
      // The socket lives until its ticket runs out; the server then closes it and the reconnect asks again.
      return;
    }
    if (closed || !socket) return;
    cache.ticket = next;
    const old = socket;
    socket = null;
    old.close(1000);
    open(next);
  }

  function sync(): void {
    if (!socket || socket.readyState !== OPEN) return;
    if (sent && sameIds(sent, wanted)) return;
    sent = [...wanted];
    socket.send(JSON.stringify({ type: 'watch', userPhoneIds: sent } satisfies GridClientMessage));
    events.watched(sent);
  }

  return {
    watch(ids) {
      wanted = [...ids];
      if (socket) sync();
      else if (wanted.length && retryTimer === null) void connect();
    },
    close() {
      closed = true;
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      clearRenewal();
      const ws = socket;
      socket = null;
      if (!ws) return;
      if (ws.readyState === OPEN) ws.send(JSON.stringify({ type: 'watch', userPhoneIds: [] } satisfies GridClientMessage));
      ws.close(1000);
    },
  };
}
