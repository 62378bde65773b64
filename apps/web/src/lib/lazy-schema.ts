import type { ZodType } from 'zod';

/**
 * A contract schema fetched on first use, zod with it, so that the script every page loads first
 * carries neither (docs/decisions/0036). The shell (session, drawer, sign-in) names its schemas
 * this way; screens loaded on demand may import theirs directly.
 */
export interface LazySchema<T> {
  readonly lazy: true;
  load(): Promise<ZodType<T>>;
  /** The schema if it has arrived already, for code that must decide at once; otherwise null. */
  current(): ZodType<T> | null;
}

export function lazySchema<T>(load: () => Promise<ZodType<T>>): LazySchema<T> {
  let schema: ZodType<T> | null = null;
  let pending: Promise<ZodType<T>> | null = null;
  return {
    lazy: true,
    load() {
      pending ??= load().then(
        (loaded) => (schema = loaded),
        (error: unknown) => {
          // A chunk that failed to arrive (offline) is asked for again next time.
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    current: () => schema,
  };
}

export type SchemaOrLazy<T> = ZodType<T> | LazySchema<T>;

export function isLazySchema<T>(schema: SchemaOrLazy<T>): schema is LazySchema<T> {
  return (schema as Partial<LazySchema<T>>).lazy === true;
}
