// `npm start`: installs what is missing, builds web + API, then serves both on one port.
// Only Node built-ins here: this runs before dependencies exist on a fresh machine.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function needsInstall() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (!fs.existsSync(marker)) return true;
  return fs.statSync(path.join(root, 'package-lock.json')).mtimeMs > fs.statSync(marker).mtimeMs;
}

if (needsInstall()) {
  console.log('› Instalando dependências (npm ci)…');
  run(npm, ['ci', '--no-audit', '--no-fund']);
}
console.log('› Construindo a interface web e a API…');
run(npm, ['run', '-s', 'build']);

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
