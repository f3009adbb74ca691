import type { ControlChange, ControlRequest, StreamRole, StreamServerMessage } from '../../shared/contract/stream-protocol.ts';

// Who may drive one phone right now (API.md "Streaming", roles). The owner always controls. A grantee or share
// viewer controls while their access says "control" and the owner has not taken control back; taking it back
// moves every such viewer to watching, and they get control again once the owner's last socket leaves. Each change
// is told to the sockets it concerns, and owners are told how many others watch and control.

export interface Viewer {
  readonly role: StreamRole;
  /** From the viewer's access, re-read on every re-check (the owner's is always control). */
  permission: 'view' | 'control';
  /** What this socket was last told, so a change is sent once. */
  toldControl: boolean | null;
  toldAudience: string;
  /** The control requests this (owner's) socket was last told of, as a key. */
  toldRequests: string;
  send(message: StreamServerMessage): void;
}

export class StreamControl {
  private ownerTookControl = false;

  constructor(private readonly viewers: ReadonlySet<Viewer>) {}

  allows(viewer: Viewer): boolean {
    return viewer.role === 'owner' || (viewer.permission === 'control' && !this.ownerTookControl);
  }

  /** A socket joined (already in the set): it was told its control in the hello; owners hear the new audience. */
  joined(viewer: Viewer): void {
    viewer.toldControl = this.allows(viewer);
    this.announce();
  }

  /** A socket left (already out of the set). The owner's last one leaving gives control back to the others. */
  left(viewer: Viewer): void {
    if (viewer.role === 'owner' && this.ownerTookControl && ![...this.viewers].some((v) => v.role === 'owner')) {
      this.ownerTookControl = false;
      this.tell('returned');
    }
    this.announce();
  }

  /** The owner takes control back: every other controlling socket is moved to watching and told so. */
  take(): void {
    this.ownerTookControl = true;
    this.tell('taken');
    this.announce();
  }

  /** Some viewer's access changed (re-check): tell whoever's control changed with it. */
  permissionsChanged(): void {
    this.tell('permission');
    this.announce();
  }

  /**
   * The share viewers waiting for an answer to their control request: told to the owners' sockets when the list
   * changes (an owner's socket that joins later hears it on the next re-check, within a second).
   */
  controlRequests(requests: ControlRequest[]): void {
    const key = JSON.stringify(requests);
    for (const viewer of this.viewers) {
      if (viewer.role !== 'owner' || viewer.toldRequests === key) continue;
      viewer.toldRequests = key;
      viewer.send({ type: 'control.requests', requests });
    }
  }

  /** Whether an owner's socket is open on this phone (only then are control requests looked up). */
  hasOwner(): boolean {
    return [...this.viewers].some((viewer) => viewer.role === 'owner');
  }

  private tell(reason: ControlChange): void {
    for (const viewer of this.viewers) {
      const control = this.allows(viewer);
      if (control === viewer.toldControl) continue;
      viewer.toldControl = control;
      viewer.send({ type: 'control', control, reason });
    }
  }

  /** Owners see how many others are on the phone and how many of them control it (to offer taking it back). */
  private announce(): void {
    let watching = 0;
    let controlling = 0;
    for (const viewer of this.viewers) {
      if (viewer.role === 'owner') continue;
      if (this.allows(viewer)) controlling++;
      else watching++;
    }
    const audience = `${watching}/${controlling}`;
    for (const viewer of this.viewers) {
      if (viewer.role !== 'owner' || viewer.toldAudience === audience) continue;
      viewer.toldAudience = audience;
      viewer.send({ type: 'audience', watching, controlling });
    }
  }
}
