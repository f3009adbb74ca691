// `npm ci` refuses to install when a locked package names an optional dependency the lock file lacks.
// The registry this project is built against serves only some platforms' prebuilt binaries (Skia's
// canvas for Linux glibc, for example), so `npm install` here can write a lock file that installs on
// this machine and fails on a clean one. The missing platforms' entries carry their os/cpu/libc, so
// npm skips them everywhere they do not apply.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';

interface Locked {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, Locked>;
};

test('every optional dependency a locked package names has its own entry in the lock file', () => {
  const missing: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
      if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`]) missing.push(`${path || '(root)'} → ${name}`);
    }
  }
  assert.equal(missing, [], `npm ci would stop with "Missing: … from lock file" for:\n${missing.join('\n')}`);
});

test('a platform binary is locked as optional with the platform it runs on', () => {
  const platformOnly = Object.entries(lock.packages).filter(([, entry]) => entry.os || entry.cpu);
  assert.ok(platformOnly.length > 0);
  for (const [path, entry] of platformOnly) {
    assert.ok(entry.optional || !entry.os, `${path} is tied to a platform but not optional`);
    assert.ok(entry.version, `${path} has a version`);
  }
});

test.run();
