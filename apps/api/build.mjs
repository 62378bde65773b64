// Bundles the API and the shared contracts (TypeScript sources) into dist/; every other package
// stays an external import resolved from node_modules at run time.
import { build } from 'esbuild';
import { buildOptions } from './build-options.mjs';

await build(buildOptions);
