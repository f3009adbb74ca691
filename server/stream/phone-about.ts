// The Settings app's "About phone" (API.md "Streaming", "New machine"): the phone's stored identity
// (lib/phone-identity.ts), as the screen model lists it and draw-about.ts draws it. A change of model reboots the
// phone, whose next screen reads the new identity; an open screen reads it again whenever a socket joins.

/** The built-in app that shows it (phone-apps.ts BUILT_IN_APPS). */
export const ABOUT_APP_ID = 'settings';

export interface PhoneAbout {
  manufacturer: string;
  brand: string;
  model: string;
  marketName: string;
  systemVersion: string;
  imei: string;
  serialNo: string;
  wlanMac: string;
  androidId: string;
}

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

export const sameAbout = (a: PhoneAbout | null, b: PhoneAbout | null): boolean => JSON.stringify(a) === JSON.stringify(b);
