// Bundles the API and the shared contracts (TypeScript sources) into dist/; every other package
// stays an external import resolved from node_modules at run time.
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@normas/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: { server: 'src/server.ts', cli: 'src/cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
