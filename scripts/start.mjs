// `npm start`: installs what is missing, builds web + API, then serves both on one port.
import { spawn } from 'node:child_process';
import { ensureDependencies, root, runNpm } from './lib.mjs';

ensureDependencies();
console.log('› Construindo a interface web e a API…');
runNpm(['run', '-s', 'build']);

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
