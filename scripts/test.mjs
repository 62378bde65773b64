// `npm test`: everything CI runs — typecheck, lint, unit and integration tests, build, end-to-end.
import { ensureChromium, ensureDependencies, run, runNpm } from './lib.mjs';

ensureDependencies();
// Checked first: a missing browser should stop the run before minutes of other tests, not after.
ensureChromium();
console.log('› Verificando tipos…');
runNpm(['run', '-s', 'typecheck']);
console.log('› Lint…');
runNpm(['run', '-s', 'lint']);
console.log('› Testes unitários e de integração (Vitest)…');
run('npx', ['vitest', 'run']);
console.log('› Build…');
runNpm(['run', '-s', 'build']);
console.log('› Testes de ponta a ponta (Playwright + Chromium)…');
run('npx', ['playwright', 'test']);
