import type { PhoneIdentity } from '../data/phone-identities.ts';
import type { VirtualScreen } from './virtual-screen.ts';

// The Settings app's "About phone" (API.md "Streaming", "New machine"): the phone's stored identity
// (lib/phone-identity.ts), as the screen model holds it (`about`), listed here and drawn by draw-about.ts. A change of
// model reboots the phone, whose next screen reads the new identity; an open screen reads it again whenever a socket
// joins (stream-server.ts).

/** The built-in app that shows it (phone-apps.ts BUILT_IN_APPS). */
export const ABOUT_APP_ID = 'settings';

/** What the phone shows of its identity: everything but the catalogue's number for the model. */
export type PhoneAbout = Omit<PhoneIdentity, 'modelId'>;

export interface AboutLine {
  label: string;
  value: string;
}

/** The rows in the order the phone shows them (the phone's own language is English, like its other labels). */
export function aboutLines(about: PhoneAbout): AboutLine[] {
  return [
    { label: 'Device name', value: about.marketName },
    { label: 'Model', value: about.model },
    { label: 'Brand', value: `${about.manufacturer} (${about.brand})` },
    { label: 'Android version', value: about.systemVersion.replace(/^Android /, '') },
    { label: 'IMEI', value: about.imei },
    { label: 'Serial number', value: about.serialNo },
    { label: 'Wi-Fi MAC address', value: about.wlanMac },
    { label: 'Android ID', value: about.androidId },
  ];
}

const sameAbout = (a: PhoneAbout | null, b: PhoneAbout | null): boolean => JSON.stringify(a) === JSON.stringify(b);

/** What the Settings app lists while it is in front, or null (another screen, or no identity known). */
export function shownAbout(model: Pick<VirtualScreen, 'screen' | 'apps' | 'about'>): AboutLine[] | null {
  if (model.screen.kind !== 'app' || model.apps[model.screen.app]?.id !== ABOUT_APP_ID || !model.about) return null;
  return aboutLines(model.about);
}

/** The stored identity, read again: an open Settings app redraws when it changed. */
export function setAbout(model: VirtualScreen, about: PhoneAbout | null): void {
  if (sameAbout(about, model.about)) return;
  model.about = about;
  if (shownAbout(model)) model.changed(null);
}
