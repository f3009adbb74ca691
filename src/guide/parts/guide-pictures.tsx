/**
 * The guide's pictures: small drawings of home's parts, in the tenant's theme colours (classes in guide.css read the
 * theme's variables, so the dark tenant gets dark pictures). Decorative: each step's title and line say it all.
 */
import type { JSX } from 'preact';

/** A phone frame with a status dot and a line of title, at (x, y). */
function PhoneCard({ x, y, on = false }: { x: number; y: number; on?: boolean }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect class="gp-surface gp-edge" width="58" height="96" rx="8" />
      <rect class={on ? 'gp-base' : 'gp-screen'} x="6" y="8" width="46" height="64" rx="3" />
      <circle class={on ? 'gp-online' : 'gp-muted'} cx="10" cy="83" r="3" />
      <rect class="gp-muted" x="17" y="80" width="30" height="6" rx="3" />
    </g>
  );
}

function Phones() {
  return (
    <>
      <PhoneCard x={30} y={32} />
      <PhoneCard x={91} y={32} on />
      <PhoneCard x={152} y={32} />
      {/* The tap on the middle card, which opens it: a ring that stands out on the card's screen in either theme. */}
      <circle class="gp-accent gp-soft" cx="136" cy="100" r="22" />
      <circle class="gp-surface gp-tap" cx="136" cy="100" r="10" />
    </>
  );
}

function AddPhone() {
  return (
    <>
      <rect class="gp-surface gp-edge" x="40" y="30" width="72" height="104" rx="10" />
      <rect class="gp-screen" x="48" y="40" width="56" height="76" rx="4" />
      <circle class="gp-accent" cx="76" cy="78" r="18" />
      <path class="gp-on-accent" d="M76 68v20M66 78h20" stroke-width="4" stroke-linecap="round" />
      {/* A price tag and an activation code beside it. */}
      <g transform="translate(128 44)">
        <path class="gp-base" d="M0 8a8 8 0 0 1 8-8h48l16 20-16 20H8a8 8 0 0 1-8-8z" />
        <circle class="gp-surface" cx="60" cy="20" r="4" />
        <rect class="gp-surface" x="10" y="14" width="30" height="12" rx="3" />
      </g>
      <g transform="translate(128 100)">
        <rect class="gp-surface gp-edge" width="76" height="28" rx="6" />
        <rect class="gp-muted" x="8" y="11" width="60" height="6" rx="3" />
      </g>
    </>
  );
}

function Discover() {
  const tiles: Array<[number, number, string]> = [
    [34, 34, 'gp-base'],
    [84, 34, 'gp-accent'],
    [34, 84, 'gp-accent'],
    [84, 84, 'gp-base'],
  ];
  return (
    <>
      {tiles.map(([x, y, fill]) => (
        <g key={`${x}-${y}`}>
          <rect class="gp-surface gp-edge" x={x} y={y} width="44" height="44" rx="8" />
          <rect class={fill} x={x + 8} y={y + 8} width="28" height="20" rx="4" />
          <rect class="gp-muted" x={x + 8} y={y + 32} width="20" height="5" rx="2.5" />
        </g>
      ))}
      {/* A compass: the tab's own sign. */}
      <g transform="translate(172 80)">
        <circle class="gp-surface gp-edge" r="38" />
        <path class="gp-accent" d="M0-26L9 0H-9z" />
        <path class="gp-muted" d="M0 26L9 0H-9z" />
        <circle class="gp-base" r="5" />
      </g>
    </>
  );
}

function Profile() {
  return (
    <>
      <rect class="gp-surface gp-edge" x="28" y="26" width="120" height="112" rx="10" />
      <circle class="gp-base" cx="58" cy="56" r="16" />
      <rect class="gp-muted" x="82" y="48" width="52" height="7" rx="3.5" />
      <rect class="gp-screen" x="82" y="60" width="36" height="6" rx="3" />
      {[84, 102, 120].map((y) => (
        <g key={y}>
          <rect class="gp-screen" x="40" y={y - 5} width="96" height="12" rx="4" />
        </g>
      ))}
      {/* The messages bell with its unread mark. */}
      <g transform="translate(180 74)">
        <circle class="gp-surface gp-edge" r="32" />
        <path class="gp-base" d="M-14 10c4-4 4-8 4-16a10 10 0 0 1 20 0c0 8 0 12 4 16z" />
        <circle class="gp-base" cy="15" r="4" />
        <circle class="gp-status" cx="14" cy="-16" r="7" />
      </g>
    </>
  );
}

export type GuidePicture = 'phones' | 'add' | 'discover' | 'profile';

const DRAWINGS: Record<GuidePicture, () => JSX.Element> = { phones: Phones, add: AddPhone, discover: Discover, profile: Profile };

export function GuidePictureView({ name }: { name: GuidePicture }) {
  const Drawing = DRAWINGS[name];
  return (
    <svg class="guide__picture" viewBox="0 0 240 160" width="240" height="160" aria-hidden="true" focusable="false" data-picture={name}>
      <rect class="gp-backdrop" width="240" height="160" rx="16" />
      <Drawing />
    </svg>
  );
}
