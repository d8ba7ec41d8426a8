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

/**
 * Reads `.env` at the root of the checkout into process.env, if there is one. A variable already
 * set in the environment keeps its value, even an empty one (process.loadEnvFile never overrides).
 */
export function loadDotEnv() {
  const file = join(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/** How often a launcher checks whether the process that started it is still there. */
const PARENT_CHECK_INTERVAL_MS = 1000;

/**
 * Calls `onOrphaned` once when the process that started this one is gone without passing a
 * signal on: `npm start` killed with SIGKILL, or a shell between npm and this script that died of
 * the SIGTERM npm forwarded to it. Without this the server would run on with nobody to stop it.
 */
export function whenOrphaned(onOrphaned) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, PARENT_CHECK_INTERVAL_MS);
  timer.unref();
}

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

/** node_modules matches the lockfile while this stamp holds the hash of package.json and the lockfile. */
function installStamp() {
  return {
    file: join(root, 'node_modules', '.tidings-install-stamp'),
    wanted: hashFiles([join(root, 'package.json'), join(root, 'package-lock.json')]),
  };
}

const BUILD_INPUTS = ['client', 'server', 'common'];
const BUILD_CONFIG_FILES = ['package-lock.json', 'vite.config.ts', 'scripts/build-server.mjs'];

/** dist/ is current while this stamp holds the hash of every source and build setting. */
function buildStamp() {
  const inputs = [
    ...BUILD_INPUTS.flatMap((dir) => listFiles(join(root, dir))).filter(
      (path) => !/\.test\.tsx?$/.test(path),
    ),
    ...BUILD_CONFIG_FILES.map((file) => join(root, file)),
  ];
  return { file: join(root, 'dist', '.build-stamp'), wanted: hashFiles(inputs) };
}

const isCurrent = ({ file, wanted }) => existsSync(file) && readFileSync(file, 'utf8') === wanted;

function markCurrent({ file, wanted }) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, wanted);
}

/** Installs exactly the lockfile when node_modules is missing or was made from another lockfile. */
export function ensureDependencies() {
  const stamp = installStamp();
  if (isCurrent(stamp)) return;
  console.log('Installing dependencies (npm ci; better-sqlite3 builds from source, about a minute)…');
  runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
  markCurrent(stamp);
}

/** Builds client and server when dist is missing or any source changed since the last build. */
export function ensureBuild() {
  const stamp = buildStamp();
  if (isCurrent(stamp)) return;
  console.log('Building Tidings…');
  runOrExit('npm', ['run', 'build']);
  markCurrent(stamp);
}

/** True while dist/ was built from exactly the current sources and build settings. */
export const isBuildCurrent = () => isCurrent(buildStamp());

/** Records dist/ as built from the current sources, after a successful `npm run build`. */
export const markBuildCurrent = () => markCurrent(buildStamp());

/**
 * Records node_modules and dist/ as current without installing or building: for a checkout whose
 * dist/ was built by other means (the start-script tests build only the server, with esbuild).
 */
export function markPrepared() {
  markCurrent(installStamp());
  markCurrent(buildStamp());
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
