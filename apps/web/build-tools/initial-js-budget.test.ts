import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkInitialJs, measureInitialJs, type ForbiddenModule } from './initial-js-budget';

/** Random text compresses badly, so its gzip size stays close to its length. */
function code(bytes: number): string {
  let text = '';
  let seed = bytes;
  while (text.length < bytes) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    text += seed.toString(36);
  }
  return text.slice(0, bytes);
}

function chunk(
  fileName: string,
  options: { entry?: boolean; imports?: string[]; modules?: string[]; bytes?: number },
) {
  return {
    type: 'chunk' as const,
    fileName,
    isEntry: options.entry ?? false,
    imports: options.imports ?? [],
    moduleIds: options.modules ?? [`/app/src/${fileName}.ts`],
    code: code(options.bytes ?? 1_000),
  };
}

const STRIPE: ForbiddenModule = {
  pattern: /[\\/]node_modules[\\/]@stripe[\\/]/,
  reason: 'Stripe.js loads only on the checkout route',
};

const bundle = {
  'index.js': chunk('index.js', { entry: true, imports: ['vendor.js'], bytes: 30_000 }),
  'vendor.js': chunk('vendor.js', { bytes: 20_000 }),
  // Only reached through import(): loads where it is needed, not counted.
  'checkout.js': chunk('checkout.js', {
    imports: ['vendor.js'],
    modules: ['/app/node_modules/@stripe/stripe-js/dist/pure.mjs'],
    bytes: 50_000,
  }),
  'index.css': { type: 'asset' as const },
};

describe('the initial JS budget', () => {
  it('counts the entry and what it imports statically, not what loads on demand', () => {
    const report = measureInitialJs(bundle, [STRIPE]);

    expect(report.files.map((f) => f.fileName)).toEqual(['index.js', 'vendor.js']);
    const gzip = (name: keyof typeof bundle) =>
      gzipSync((bundle[name] as { code: string }).code, { level: 9 }).length;
    expect(report.gzipBytes).toBe(gzip('index.js') + gzip('vendor.js'));
    expect(report.violations).toEqual([]);
    expect(checkInitialJs(report, { maxGzipBytes: report.gzipBytes, forbidden: [STRIPE] })).toEqual(
      [],
    );
  });

  it('fails a build whose initial JS is over the budget, naming its files', () => {
    const report = measureInitialJs(bundle, []);

    const problems = checkInitialJs(report, { maxGzipBytes: 20_000, forbidden: [] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^initial JS is \d+\.\d kB gzip, over the budget of 20\.0 kB:\n/);
    expect(problems[0]).toContain('index.js');
    expect(problems[0]).toContain('vendor.js');
  });

  it('fails a build that puts a library meant for one screen into the initial script', () => {
    const leaky = {
      ...bundle,
      'index.js': chunk('index.js', { entry: true, imports: ['vendor.js', 'checkout.js'] }),
    };
    const report = measureInitialJs(leaky, [STRIPE]);

    expect(checkInitialJs(report, { maxGzipBytes: 1_000_000, forbidden: [STRIPE] })).toEqual([
      '@stripe/stripe-js/dist/pure.mjs is in the initial script (checkout.js): Stripe.js loads only on the checkout route',
    ]);
  });
});
