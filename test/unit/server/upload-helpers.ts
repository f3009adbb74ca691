import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { UPLOAD_PATH } from '../../../shared/contract/file-words.ts';
import type { Installer } from '../../../server/lib/uploads.ts';

// What the upload tests use: a folder of their own for the bytes, an installer that records what it was asked to
// install, and the tus protocol's three requests spoken by hand (tus-js-client speaks them in the browser tests).

export function uploadFolder(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'uploads-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function recordingInstaller(refuse: (phoneId: number, packageName: string) => Error | null = () => null) {
  const installed: Array<{ phoneId: number; packageName: string; label: string }> = [];
  const install: Installer = (phoneId, app) => {
    const refusal = refuse(phoneId, app.packageName);
    if (refusal) throw refusal;
    installed.push({ phoneId, packageName: app.packageName, label: app.label });
  };
  return { installed, install };
}

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** tus over `app.request`, as the signed-in `token` of tenant 1. */
export function tusClient(app: Hono<any>, token: string) {
  const headers = (extra: Record<string, string> = {}) => ({ 'tenant-id': '1', authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0', ...extra });
  return {
    /** Creates an upload; resolves with its address (the Location) or the refusal's status and envelope. */
    async create(fileName: string, size: number, targets: number[]): Promise<{ status: number; location: string; code: number }> {
      const metadata = `filename ${base64(fileName)},targets ${base64(targets.join(','))}`;
      const response = await app.request(UPLOAD_PATH.replace(/\/$/, ''), { method: 'POST', headers: headers({ 'Upload-Length': String(size), 'Upload-Metadata': metadata }) });
      const text = await response.text();
      const code = text.startsWith('{') ? (JSON.parse(text) as { code: number }).code : 0;
      const location = response.headers.get('location') ?? '';
      return { status: response.status, location: location.startsWith('/') ? location : `${UPLOAD_PATH}${location.split('/').pop()}`, code };
    },
    async patch(location: string, offset: number, bytes: Buffer): Promise<{ status: number; offset: number; code: number }> {
      const response = await app.request(location, {
        method: 'PATCH',
        headers: headers({ 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }),
        body: new Uint8Array(bytes),
      });
      const text = await response.text();
      const code = text.startsWith('{') ? (JSON.parse(text) as { code: number }).code : 0;
      return { status: response.status, offset: Number(response.headers.get('upload-offset') ?? -1), code };
    },
    async head(location: string): Promise<{ status: number; offset: number }> {
      const response = await app.request(location, { method: 'HEAD', headers: headers() });
      return { status: response.status, offset: Number(response.headers.get('upload-offset') ?? -1) };
    },
  };
}

/** The id of an upload from its address. */
export const uploadIdOf = (location: string): string => location.split('/').pop()!;
