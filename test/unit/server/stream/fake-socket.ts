import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';

// A stand-in for a `ws` WebSocket in the stream's unit tests: it records what the server sends, how it closed the
// socket and the pings, and delivers messages as the socket would (`receive`).

export class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readyState = 1;
  bufferedAmount = 0;
  /** JSON messages sent, parsed; binary ones as they are. */
  readonly sent: unknown[] = [];
  closedWith: { code: number; reason: unknown } | null = null;
  pings = 0;
  terminated = false;
  /** While paused, messages wait in `held`, as the bytes would in the connection, and arrive on resume. */
  paused = false;
  private readonly held: Array<[Buffer, boolean]> = [];

  send(data: string | Buffer): void {
    this.sent.push(typeof data === 'string' ? JSON.parse(data) : data);
  }

  close(code: number, reason: string): void {
    this.closedWith = { code, reason: JSON.parse(reason) };
    this.readyState = this.CLOSING;
    this.emit('closing');
  }

  /** Resolves once the server has closed the socket (a close frame sent). */
  closedByServer(): Promise<{ code: number; reason: unknown }> {
    if (this.closedWith) return Promise.resolve(this.closedWith);
    return new Promise((resolve) => this.once('closing', () => resolve(this.closedWith!)));
  }

  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }

  ping(): void {
    this.pings++;
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const [data, isBinary] of this.held.splice(0)) this.emit('message', data, isBinary);
  }

  /** A message from the client: text (a value is sent as its JSON), or bytes. */
  receive(message: unknown, isBinary = false): void {
    const data = Buffer.isBuffer(message) ? message : Buffer.from(typeof message === 'string' ? message : JSON.stringify(message));
    if (this.paused) this.held.push([data, isBinary]);
    else this.emit('message', data, isBinary);
  }

  get ws(): WebSocket {
    return this as unknown as WebSocket;
  }
}
