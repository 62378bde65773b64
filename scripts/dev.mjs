// `npm run dev`: the API (tsx watch, port 3000) and Vite's dev server (port 5173, proxying /api).
import { spawn } from 'node:child_process';
import { ensureDependencies, root } from './lib.mjs';

ensureDependencies();
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
