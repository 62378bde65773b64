import { AppError } from './app-error';

/**
 * Runs an answer under a time limit and the client's own abort signal. Past the limit it fails with
 * ANSWER_TIMEOUT; when the client goes away it rethrows whatever the work threw, since nobody reads it.
 */
export async function withAnswerDeadline<T>(
  timeoutMs: number,
  clientSignal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('A resposta demorou demais.', 'TimeoutError'));
  }, timeoutMs);
  const onClientAbort = () => controller.abort(clientSignal?.reason);
  if (clientSignal?.aborted) onClientAbort();
  clientSignal?.addEventListener('abort', onClientAbort, { once: true });
  try {
    const result = await work(controller.signal);
    controller.signal.throwIfAborted();
    return result;
  } catch (error) {
    if (timedOut) throw new AppError('ANSWER_TIMEOUT');
    throw error;
  } finally {
    clearTimeout(timer);
    clientSignal?.removeEventListener('abort', onClientAbort);
  }
}
