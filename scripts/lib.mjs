// Helpers for the repository scripts. Only Node built-ins: these run before dependencies exist.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command in the repository root; exits the script with its code if it fails. */
export function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`✗ falhou: ${cmd} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

export const runNpm = (args, env) => run(npm, args, env);

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  const stale =
    !fs.existsSync(marker) ||
    fs.statSync(path.join(root, 'package-lock.json')).mtimeMs > fs.statSync(marker).mtimeMs;
  if (stale) {
    console.log('› Instalando dependências (npm ci)…');
    runNpm(['ci', '--no-audit', '--no-fund']);
  }
}

/** Debian's Chromium drives the end-to-end tests; CHROMIUM_PATH points elsewhere if needed. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_PACKAGES = ['chromium', 'fonts-liberation'];

/**
 * Makes sure Chromium is there: installed with apt-get when missing and this user is root (a fresh
 * Debian machine or container), otherwise the script stops with the command to run.
 */
export function ensureChromium() {
  if (fs.existsSync(chromiumPath)) return;
  const install = `apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (process.env.CHROMIUM_PATH || !isRoot || !hasApt) {
    console.error(
      `✗ O Chromium não foi encontrado em ${chromiumPath}; os testes de ponta a ponta precisam dele.\n` +
        (process.env.CHROMIUM_PATH
          ? '  Corrija CHROMIUM_PATH ou remova a variável para usar o Chromium do Debian.'
          : `  Instale-o com:  sudo apt-get update && sudo ${install}`),
    );
    process.exit(1);
  }
  console.log(`› Instalando o Chromium do Debian (${install})…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], env);
  run('apt-get', ['install', '-y', '-qq', ...CHROMIUM_PACKAGES], env);
  if (!fs.existsSync(chromiumPath)) {
    console.error(`✗ apt-get terminou, mas ${chromiumPath} ainda não existe.`);
    process.exit(1);
  }
}
