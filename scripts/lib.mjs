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
