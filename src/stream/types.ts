/**
 * The streaming SDK's interface: the one seam between the phone-view pages and whatever carries the picture.
 * The reference implementation (ws-stream-client.ts) speaks the reference backend's WebSocket protocol
 * (server/API.md "Streaming"); a vendor's WebRTC SDK would be wrapped behind this same interface: it mounts its own
 * surface (a <video>) into the container, and maps these calls onto its own input and control channels.
 * The protocol's words it speaks in (definitions, touches, keys, roles) are the contract's, handed on from here.
 */
import type { ControlChange, ControlRequest, Definition, StreamKey, StreamRole, TouchAction, TouchPointer } from '../../shared/contract/stream-protocol.ts';

export type { Definition, StreamKey, StreamRole, TouchAction, TouchPointer };

export type StreamState = 'idle' | 'connecting' | 'playing' | 'reconnecting' | 'paused' | 'failed';

/** Why a session failed (spec §8 "Streaming"); each has a translated message in errors.*. */
/** `tooManyStreams`: the user already holds the most stream sockets one user may (another tab may be closed first). */
export type StreamFailure = 'notAssigned' | 'configError' | 'connectionLost' | 'unsupported' | 'tooManyStreams' | ShareFailure;

/** Why a share viewer's session ended for good: the share ended, the owner blocked the viewer, or put them out. */
export type ShareFailure = 'shareEnded' | 'shareBlocked' | 'shareRemoved';

/** Errors of single requests (spec §8): their promises reject with a StreamError carrying one of these. */
export type StreamRequestError = 'resolutionFailed' | 'screenshotFailed' | 'clipboardFailed' | 'notConnected';

export class StreamError extends Error {
  // Assigned, not a parameter property: that would pull a defineProperty helper into a chunk the first screen shares.
  declare readonly reason: StreamFailure | StreamRequestError;
  constructor(reason: StreamFailure | StreamRequestError) {
    super(reason);
    (this as { reason: string }).reason = reason;
  }
}

export interface StreamTarget {
  userPhoneId: number;
  /**
   * The phone's security token (POST security-token, validTime 86400), or the token call still on its way: the socket
   * then opens at once and sends the token as its first message when it comes (one round trip less). A rejected
   * call ends nothing here: the page that made it says why and destroys the client.
   */
  token: string | Promise<string>;
  /** Base URL of the streaming host (http(s), or ws(s)); the page origin when empty. */
  baseUrl: string;
  /** The definition to ask for once connected (and again after every reconnect). */
  definition: Definition;
  /** A view-only session shows the picture and drops every input call. */
  viewOnly?: boolean;
}

/** Why control changed: the hello, or the host's word (the owner took it back, the owner left, the access changed). */
export type ControlReason = 'hello' | ControlChange;

/** The host's estimate of the link, and the picture size it sends for it (automatic quality). */
export interface StreamLink {
  kbps: number;
  rtt: number;
  width: number;
  height: number;
}

export interface StreamStats {
  /** Pictures shown during the last second. */
  fps: number;
  /** Picture data received during the last second, kbps. */
  bitrate: number;
  /** Round-trip time of the last ping, ms (null before the first answer). */
  rtt: number | null;
  /** The host's estimate of the link, if it gives one. */
  link?: StreamLink | null;
}

export interface StreamEvents {
  state: { state: StreamState; failure?: StreamFailure; attempt: number };
  /** The phone's resolution (the coordinate space of touches) and name, on every (re)connection. */
  ready: { width: number; height: number; name: string };
  /** A picture was drawn; `width`/`height` are the picture's own (the definition's) size. */
  frame: { width: number; height: number; seq: number };
  /** The phone's clipboard, as read by readClipboard(). */
  clipboard: { text: string };
  stats: StreamStats;
  definition: Definition;
  /** Whether this session may drive the phone, on every (re)connection and whenever the host changes it. */
  control: { role: StreamRole; control: boolean; reason: ControlReason };
  /** For the owner: how many others watch and how many control the phone now. */
  audience: { watching: number; controlling: number };
  /** For the owner: the share viewers asking for control, oldest first (empty once all are answered). */
  controlRequests: { requests: ControlRequest[] };
}

export type StreamEventName = keyof StreamEvents;

export interface StreamClient {
  readonly state: StreamState;
  /** Renders the picture inside `container` (filling it). */
  mount(container: HTMLElement): void;
  connect(target: StreamTarget): void;
  /** Stops the picture without ending the session (page hidden); resume() reconnects. */
  pause(): void;
  resume(): void;
  /** Ends the session for good: closes the connection and removes the surface. */
  destroy(): void;
  // Input calls say whether the input went out: false while not connected, or in a view-only session.
  touch(action: TouchAction, pointers: TouchPointer[]): boolean;
  key(key: StreamKey): boolean;
  text(text: string): boolean;
  setClipboard(text: string): boolean;
  /** Inserts the phone's clipboard into its focused field. */
  paste(): boolean;
  readClipboard(): Promise<string>;
  setDefinition(definition: Definition): Promise<Definition>;
  /** The phone's screen at full resolution, as an image. */
  screenshot(): Promise<Blob>;
  /** The owner moves every other controlling viewer to watching (false when not connected or not the owner). */
  takeControl(): boolean;
  /** The latest picture's size, or null before the first one. */
  frameSize(): { width: number; height: number } | null;
  on<K extends StreamEventName>(event: K, handler: (payload: StreamEvents[K]) => void): () => void;
}
