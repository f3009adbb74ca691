import { createHash } from 'node:crypto';
import type { Operation, OperationType } from '../../shared/device-types.ts';

// The virtual screen of a cloud phone as an SVG (API.md "Screenshot url"). Wallpaper and icons come from a digest of
// the phone id, so each phone looks different yet the same on every call; the clock and the progress come from `now`.

export interface ScreenInput {
  id: number;
  phoneNo: string;
  name: string;
  now: number;
  operation: Operation | null;
}

/** The virtual phones run on China time (the product's market); the status bar shows it whatever the viewer's zone. */
const PHONE_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;
const OPERATION_LABELS: Record<OperationType, string> = {
  reboot: 'Rebooting', quickRestart: 'Restarting', reset: 'Resetting', upgrade: 'Upgrading', newMachine: 'Changing model',
  replace: 'Replacing', displace: 'Replacing', template: 'Taking template', clone: 'Cloning',
};

/** Names are user input and end up inside markup: every special character is escaped. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function clock(now: number): string {
  const date = new Date(now + PHONE_UTC_OFFSET_MS);
  return `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
}

/** White glyphs drawn inside a 104x104 icon whose top-left corner is (0, 0). */
const GLYPHS = [
  '<circle cx="52" cy="52" r="24" fill="#fff"/>',
  '<path d="M52 26 L78 74 L26 74 Z" fill="#fff"/>',
  '<rect x="30" y="30" width="44" height="44" rx="6" fill="#fff"/>',
  '<path d="M52 24 L80 52 L52 80 L24 52 Z" fill="#fff"/>',
  '<circle cx="52" cy="52" r="24" fill="none" stroke="#fff" stroke-width="10"/>',
  '<path d="M30 70 V50 M46 70 V36 M62 70 V44 M78 70 V28" stroke="#fff" stroke-width="10" stroke-linecap="round"/>',
  '<path d="M28 52 H76 M52 28 V76" stroke="#fff" stroke-width="12" stroke-linecap="round"/>',
  '<path d="M52 24 L59 44 L80 44 L63 57 L70 78 L52 65 L34 78 L41 57 L24 44 L45 44 Z" fill="#fff"/>',
];

function icon(x: number, y: number, hue: number, glyph: number): string {
  return `<g transform="translate(${x} ${y})"><rect width="104" height="104" rx="28" fill="hsl(${hue} 65% 52%)"/>${GLYPHS[glyph % GLYPHS.length]}</g>`;
}

export function renderScreenshotSvg(input: ScreenInput): string {
  const bytes = createHash('sha256').update(`screen:${input.id}`).digest();
  const hueA = (bytes[0]! * 360) >> 8;
  const hueB = (hueA + 60 + (bytes[1]! % 180)) % 360;
  const time = clock(input.now);
  const parts: string[] = [];

  // Wallpaper: a two-colour gradient and two soft discs placed by the digest.
  parts.push(`<rect x="16" y="16" width="688" height="1248" rx="52" fill="url(#wallpaper)"/>`);
  parts.push(`<circle cx="${100 + (bytes[2]! % 520)}" cy="${300 + bytes[3]! * 2}" r="${120 + (bytes[4]! % 120)}" fill="#fff" opacity="0.12"/>`);
  parts.push(`<circle cx="${100 + (bytes[5]! % 520)}" cy="${700 + bytes[6]! * 2}" r="${80 + (bytes[7]! % 140)}" fill="#000" opacity="0.10"/>`);

  // Status bar: time, camera, signal and battery.
  parts.push(`<text x="60" y="78" font-size="30" font-weight="600" fill="#fff">${time}</text>`);
  parts.push('<circle cx="360" cy="62" r="13" fill="#000"/>');
  parts.push('<path d="M566 80 V70 M580 80 V64 M594 80 V58" stroke="#fff" stroke-width="7" stroke-linecap="round"/>');
  parts.push('<rect x="612" y="56" width="44" height="24" rx="6" fill="none" stroke="#fff" stroke-width="3"/><rect x="616" y="60" width="30" height="16" rx="3" fill="#fff"/>');

  // Clock widget with the phone's name and number.
  parts.push(`<text x="360" y="270" font-size="128" font-weight="300" text-anchor="middle" fill="#fff">${time}</text>`);
  parts.push(`<text x="360" y="340" font-size="40" font-weight="600" text-anchor="middle" fill="#fff">${xmlEscape(input.name)}</text>`);
  parts.push(`<text x="360" y="388" font-size="26" text-anchor="middle" fill="#fff" opacity="0.8">${xmlEscape(input.phoneNo)}</text>`);

  // A 4x4 grid of app icons and a dock of four, colours and glyphs drawn from the digest.
  for (let i = 0; i < 16; i++) {
    const b = bytes[8 + i]!;
    parts.push(icon(68 + (i % 4) * 152, 470 + Math.floor(i / 4) * 150, (hueA + b * 7) % 360, b));
  }
  parts.push('<rect x="48" y="1088" width="624" height="136" rx="44" fill="#fff" opacity="0.22"/>');
  for (let i = 0; i < 4; i++) parts.push(icon(84 + i * 144, 1104, (hueB + i * 47) % 360, bytes[24 + i]!));
  parts.push('<rect x="290" y="1240" width="140" height="8" rx="4" fill="#fff" opacity="0.8"/>');

  // An operating phone is behind a dimmed overlay with its progress.
  if (input.operation) {
    const { type, progress } = input.operation;
    parts.push('<rect x="16" y="16" width="688" height="1248" rx="52" fill="#000" opacity="0.72"/>');
    parts.push(`<text x="360" y="600" font-size="44" font-weight="600" text-anchor="middle" fill="#fff">${OPERATION_LABELS[type]}</text>`);
    parts.push('<rect x="160" y="640" width="400" height="16" rx="8" fill="#fff" opacity="0.25"/>');
    parts.push(`<rect class="progress" x="160" y="640" width="${(400 * progress) / 100}" height="16" rx="8" fill="#4ce46b"/>`);
    parts.push(`<text x="360" y="720" font-size="34" text-anchor="middle" fill="#fff">${progress}%</text>`);
  }

  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 1280" width="720" height="1280" font-family="system-ui, -apple-system, sans-serif">',
    `<defs><linearGradient id="wallpaper" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hueA} 70% 58%)"/><stop offset="1" stop-color="hsl(${hueB} 70% 32%)"/></linearGradient></defs>`,
    '<rect width="720" height="1280" rx="68" fill="#16181d"/>',
    ...parts,
    '</svg>',
  ].join('');
}
