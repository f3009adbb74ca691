// Installing what the tests need from Debian's packages, the one way every stage does it: only as root on Linux with
// apt-get, non-interactive, and bounded, so a dead mirror or a held package lock fails that stage, not the whole run.
import { spawnSync } from 'node:child_process';

/** Whether this process can install Debian packages: root, Linux, apt-get on the PATH. */
export function canInstallDebianPackages() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && process.platform === 'linux' && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/** Runs apt-get update and install of `packages`; true when the install succeeded (the caller looks again). */
export function installDebianPackages(packages) {
  const options = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 10 * 60_000 };
  const lock = ['-o', 'DPkg::Lock::Timeout=120'];
  const update = spawnSync('apt-get', [...lock, 'update', '-qq'], { ...options, stdio: 'inherit' });
  if (update.status !== 0) return false;
  return spawnSync('apt-get', [...lock, 'install', '-y', '-qq', ...packages], { ...options, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
}
