// Shared by the start and test commands. Node built-ins only: these run before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The Node flags the server always runs with (scripts/server-node-flags.json). */
export const serverNodeFlags = JSON.parse(
  readFileSync(join(root, 'scripts', 'server-node-flags.json'), 'utf8'),
).flags;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  for (const path of paths) {
    if (!existsSync(path)) continue;
    hash.update(path);
    hash.update(readFileSync(path));
  }
  return hash.digest('hex');
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((entry) => join(dir, String(entry)))
    .filter((path) => statSync(path).isFile())
    .sort();
}

/** Installs exactly the lockfile when node_modules is missing or was made from another lockfile. */
export function ensureDependencies() {
  const stampFile = join(root, 'node_modules', '.tidings-install-stamp');
  const wanted = hashFiles([join(root, 'package.json'), join(root, 'package-lock.json')]);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return;
  console.log('Installing dependencies (npm ci; better-sqlite3 builds from source, about a minute)…');
  runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(stampFile, wanted);
}

const BUILD_INPUTS = ['client', 'server', 'common'];
const BUILD_CONFIG_FILES = ['package-lock.json', 'vite.config.ts', 'scripts/build-server.mjs'];

/** Builds client and server when dist is missing or any source changed since the last build. */
export function ensureBuild() {
  const stampFile = join(root, 'dist', '.build-stamp');
  const inputs = [
    ...BUILD_INPUTS.flatMap((dir) => listFiles(join(root, dir))).filter(
      (path) => !/\.test\.tsx?$/.test(path),
    ),
    ...BUILD_CONFIG_FILES.map((file) => join(root, file)),
  ];
  const wanted = hashFiles(inputs);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return;
  console.log('Building Tidings…');
  runOrExit('npm', ['run', 'build']);
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(stampFile, wanted);
}

/** Playwright drives Debian's Chromium; browsers are never downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`Installing Debian's chromium for the browser tests…`);
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const apt = (args) =>
    asRoot ? run('apt-get', args) : run(prefix[0], [...prefix.slice(1), 'apt-get', ...args]);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    apt(['update', '-qq'], { env }) !== 0 ||
    apt(['install', '-y', '-qq', 'chromium'], { env }) !== 0 ||
    !existsSync(CHROMIUM_PATH)
  ) {
    console.error(`✗ Could not install chromium. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
}
