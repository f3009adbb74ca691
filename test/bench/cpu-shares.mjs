// Where a bench's CPU went over a span, as shares of one core: each server instance (its own figure, STREAM_STATS),
// the bench's haproxy and PostgreSQL processes (from /proc: Linux), the bench itself, and the rest of the machine,
// which is whatever else runs on it (other test runs, other sessions). A reading is taken before and after a span;
// `cpuShares` adds the spans up.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { call } from './api-load.mjs';

/** Linux counts a process's CPU time in clock ticks of a hundredth of a second (USER_HZ). */
const MS_PER_TICK = 10;

/** The machine's CPU time so far, all cores: busy and in all, ms. */
function machineCpu() {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/**
 * CPU ms so far of each of this process's haproxy children, and of the PostgreSQL server `postmaster` and each of
 * its backends: maps of process id to ms.
 */
function helperCpu(postmaster) {
  const haproxy = new Map();
  const postgres = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // "pid (name) state ppid ... utime stime ...": the name may hold spaces, so the fields are counted after it.
    const end = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, end);
    const fields = stat.slice(end + 2).split(' ');
    const [pid, ppid] = [Number(entry), Number(fields[1])];
    const ms = (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
    if (name === 'haproxy' && ppid === process.pid) haproxy.set(pid, ms);
    else if (pid === postmaster || ppid === postmaster) postgres.set(pid, ms);
  }
  return { haproxy, postgres };
}

/** The CPU ms processes spent between two readings: those alive at the second, from the first or their start. */
function grown(before, after) {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** The PostgreSQL server's process id, from the cluster's data folder (test/pg-cluster.mjs). */
export function postmasterOf(cluster) {
  return Number(readFileSync(`${cluster.dir}/data/postmaster.pid`, 'utf8').split('\n')[0]);
}

/** What the machine, the helpers, this process and each instance (`servers`) have spent so far. */
export async function cpuReading(servers, postmaster) {
  return { at: performance.now(), machine: machineCpu(), bench: process.cpuUsage(), helpers: helperCpu(postmaster),
    instances: await Promise.all(servers.map((server) => call(server.baseURL, '/stream/api/stats'))) };
}

/**
 * The CPU spent over spans (pairs of readings) as shares of one core over their wall time: each instance's (with its
 * encodes a second), haproxy's, PostgreSQL's, the bench's, the rest of the machine's; and the machine's busy share
 * of all its cores. A process that ended during a span (an idle PostgreSQL backend the pool closed) takes its time
 * in it along: those shares are floors, and the rest of the machine may hold what they lost.
 */
export function cpuShares(pairs) {
  let wall = 0;
  const sum = { bench: 0, haproxy: 0, postgres: 0, busy: 0, total: 0 };
  const instances = pairs[0][0].instances.map(() => ({ cpuMs: 0, encodes: 0 }));
  for (const [before, after] of pairs) {
    wall += after.at - before.at;
    sum.bench += (after.bench.user + after.bench.system - before.bench.user - before.bench.system) / 1000;
    sum.haproxy += grown(before.helpers.haproxy, after.helpers.haproxy);
    sum.postgres += grown(before.helpers.postgres, after.helpers.postgres);
    sum.busy += after.machine.busy - before.machine.busy;
    sum.total += after.machine.total - before.machine.total;
    after.instances.forEach((stats, i) => {
      instances[i].cpuMs += stats.cpuMs - before.instances[i].cpuMs;
      instances[i].encodes += stats.encodes - before.instances[i].encodes;
    });
  }
  const machine = sum.busy / sum.total;
  const shares = { instances: instances.map(({ cpuMs, encodes }) => ({ cpu: cpuMs / wall, encodes: (encodes * 1000) / wall })),
    haproxy: sum.haproxy / wall, postgres: sum.postgres / wall, bench: sum.bench / wall, machine };
  const ours = shares.instances.reduce((total, i) => total + i.cpu, 0) + shares.haproxy + shares.postgres + shares.bench;
  return { ...shares, rest: Math.max(0, machine * os.cpus().length - ours) };
}
