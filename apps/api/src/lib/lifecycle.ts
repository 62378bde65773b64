/** The reason a stream in flight is cut when the shutdown's grace period runs out. */
export class ServerStoppingError extends Error {
  constructor() {
    super('O servidor está sendo encerrado.');
    this.name = 'ServerStoppingError';
  }
}

/**
 * The process's life as the routes see it: whether it is draining (about to stop: readiness fails,
 * new requests are turned away) and which answer streams are still in flight.
 */
export function createLifecycle() {
  let draining = false;
  const streams = new Set<AbortController>();
  const waiters = new Set<() => void>();

  const settle = () => {
    if (streams.size > 0) return;
    for (const resolve of waiters) resolve();
    waiters.clear();
  };

  return {
    get draining() {
      return draining;
    },
    get streamsInFlight() {
      return streams.size;
    },
    beginDrain() {
      draining = true;
    },
    /** Counts a stream as in flight until the returned function is called. */
    trackStream(controller: AbortController): () => void {
      streams.add(controller);
      return () => {
        streams.delete(controller);
        settle();
      };
    },
    /** Resolves once no stream is in flight. */
    streamsDone(): Promise<void> {
      if (streams.size === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.add(resolve));
    },
    /** Cuts every stream still in flight: each ends with a "server stopping" error event. */
    abortStreams() {
      for (const controller of streams) controller.abort(new ServerStoppingError());
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
