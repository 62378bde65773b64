// How the API is bundled (build.mjs), shared with the test that keeps optional packages out of the
// start-up: every package but the shared contracts stays an external import from node_modules.
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@normas/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** esbuild options; `absWorkingDir` is apps/api. */
export const buildOptions = {
  entryPoints: { server: 'src/server.ts', cli: 'src/cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
};
