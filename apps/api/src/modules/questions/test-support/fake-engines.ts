import type { AnswerPort, RetrievalPort } from '../engine-ports';
import type { FixtureSection } from './fixture-corpus';

/**
 * Stand-ins for retrieval and the answer engine, driven by the question text:
 * "falha" makes the engine throw, "espera" makes it wait until aborted, "fora das normas" makes it
 * abstain; otherwise it cites the first
 * fixture section in two deltas, the way the real engines link items.
 */
export function fakeEngines(corpus: () => FixtureSection[]) {
  const calls = { answers: 0, aborted: 0 };
  const retrieval: RetrievalPort = {
    search: (query) => ({ abstained: false, confidence: 1, results: corpus().slice(0, 2), query }),
  };
  const answers: AnswerPort = {
    kind: 'fake',
    async answer({ question }, { signal, onDelta }) {
      calls.answers += 1;
      if (/falha/i.test(question)) throw new Error('engine exploded');
      if (/espera/i.test(question)) {
        // The signal may be aborted already when the engine starts (a client gone while the
        // question was being counted): it will not fire again.
        await new Promise((_resolve, reject) => {
          const stop = () => {
            calls.aborted += 1;
            reject(signal.reason as Error);
          };
          if (signal.aborted) stop();
          else signal.addEventListener('abort', stop, { once: true });
        });
      }
      if (/fora das normas/i.test(question)) {
        const markdown = 'Não encontrei nas normas do acervo um item que responda a esta pergunta.';
        onDelta?.(markdown);
        return { markdown, citations: [], abstained: true };
      }
      const source = corpus()[0]!;
      const parts = [
        'Segundo a norma, ',
        `considera-se trabalho em altura a atividade acima de 2,00 m ([${source.code}, item ${source.item}](/regulations/${source.regulationId}#${source.item})).`,
      ];
      for (const part of parts) onDelta?.(part);
      return {
        markdown: parts.join(''),
        citations: [
          {
            regulationId: source.regulationId,
            sectionId: source.sectionId,
            code: source.code,
            item: source.item,
          },
        ],
        abstained: false,
      };
    },
  };
  return { retrieval, answers, calls };
}
