import ApkReader from '@devicefarmer/adbkit-apkreader';

// An Android package's manifest, read with a maintained reader (@devicefarmer/adbkit-apkreader: the binary
// AndroidManifest.xml inside the zip) rather than a parser of our own.

export interface ApkManifest {
  packageName: string;
  label: string;
  versionName: string;
  versionCode: number;
  /** The launcher icon, when the manifest names a PNG the package carries. */
  iconPng: Buffer | null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Where packages built by the usual tools keep their launcher icon, largest first. */
const ICON_PATHS = ['res/mipmap-xxhdpi-v4/ic_launcher.png', 'res/mipmap-xhdpi-v4/ic_launcher.png', 'res/mipmap-hdpi-v4/ic_launcher.png', 'res/drawable/icon.png'];
const MAX_ICON_BYTES = 256 * 1024;
const PACKAGE_NAME = /^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/;

/** A text attribute of the manifest, or '' for a resource reference (a table this reader does not resolve). */
const literal = (value: unknown): string => (typeof value === 'string' && !value.startsWith('resourceId:') ? value.trim() : '');

/** The package's manifest; rejects when the file is not a package this reader can read, or names no valid package. */
export async function readApkManifest(file: string): Promise<ApkManifest> {
  const reader = await ApkReader.open(file);
  const manifest = (await reader.readManifest()) as {
    package?: unknown;
    versionCode?: unknown;
    versionName?: unknown;
    application?: { label?: unknown; icon?: unknown } | null;
  };
  const packageName = literal(manifest.package);
  if (!PACKAGE_NAME.test(packageName)) throw new Error('no valid package name');
  // A label kept as a resource (most real packages) reads as the last part of the package name.
  const label = literal(manifest.application?.label).slice(0, 40) || packageName.split('.').pop()!;
  const iconPath = literal(manifest.application?.icon);
  let iconPng: Buffer | null = null;
  for (const path of iconPath ? [iconPath, ...ICON_PATHS] : ICON_PATHS) {
    const bytes = await reader.readContent(path).catch(() => null);
    if (bytes && bytes.length <= MAX_ICON_BYTES && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
      iconPng = bytes;
      break;
    }
  }
  const versionCode = Number(manifest.versionCode);
  return {
    packageName,
    label,
    versionName: literal(manifest.versionName).slice(0, 40),
    versionCode: Number.isSafeInteger(versionCode) ? versionCode : 0,
    iconPng,
  };
}
