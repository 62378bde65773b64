/**
 * The engine for any OpenAI-compatible endpoint. The model sees only the retrieved items, each with
 * the exact link to cite it; its streamed text passes through the citation filter, so a link to an
 * item that was not retrieved never reaches the client. The provider's own words never do either:
 * failures become ANSWER_FAILED / ANSWER_TIMEOUT with the details in the log.
 */
import { AppError } from '../../lib/app-error';
import { ABSTENTION_MARKDOWN, ABSTENTION_SCOPE } from './abstention';
import {
  brasiliaDate,
  silentLogger,
  type AnswerEngine,
  type AnswerInput,
  type AnswerLogger,
  type AnswerOptions,
  type AnswerResult,
  type AnswerSource,
} from './answer-engine';
import { completionText, MalformedStreamError, readChatDeltas } from './chat-completions.stream';
import { citationLink, toCitation } from './citation';
import { createCitationFilter } from './citation-filter';
import { buildMessages, LLM_ABSTAIN_SENTENCE, promptSources } from './llm.prompt';
import { blockquote } from './extractive.markdown';
import { buildRelevance, splitUnits } from './passages';
import { quoteItem } from './quote';

export interface LlmEngineOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Longest wait for the endpoint's next sign of life (headers or a chunk). */
  timeoutMs: number;
  fetch?: typeof fetch;
  logger?: AnswerLogger;
  /** The clock that decides whether a wording is already in force; tests fix it. */
  now?: () => Date;
}

/** Sources listed when the model answered without citing any, so the answer still shows its basis. */
const MAX_LISTED_SOURCES = 5;

/** Cited items quoted under a model's answer that quoted none. */
const MAX_QUOTED_SOURCES = 3;

/**
 * The quotes of the cited items, shown as the extractive engine shows them (the decisive sentences
 * or sub-items, then "— link"), for an answer whose model did not quote the norm itself.
 */
export function quotesOf(question: string, cited: AnswerSource[]): string {
  const relevance = buildRelevance(
    question,
    cited.flatMap((s) => splitUnits(s.content)),
  );
  const blocks = cited.slice(0, MAX_QUOTED_SOURCES).flatMap((source) => {
    const quote = quoteItem(source.content, relevance);
    return quote ? [`${blockquote(quote)}\n\n— ${citationLink(source)}`] : [];
  });
  return blocks.length > 0 ? `\n\n**Trechos citados**\n\n${blocks.join('\n\n')}` : '';
}

function sourcesList(sources: AnswerSource[]): string {
  const lines = sources.slice(0, MAX_LISTED_SOURCES).map((s) => `- ${citationLink(s)}`);
  return `\n\n**Itens consultados**\n\n${lines.join('\n')}`;
}

export function createLlmEngine(options: LlmEngineOptions): AnswerEngine {
  const doFetch = options.fetch ?? fetch;
  const log = options.logger ?? silentLogger;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function complete(
    input: AnswerInput,
    sources: AnswerSource[],
    emit: (text: string) => void,
    signal: AbortSignal,
    alive: () => void,
  ) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
    };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const response = await doFetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: options.model,
        stream: true,
        temperature: 0.1,
        messages: buildMessages(
          input,
          sources,
          brasiliaDate((options.now ?? (() => new Date()))()),
        ),
      }),
      signal,
    });
    alive();
    if (!response.ok || !response.body) {
      const excerpt = (await response.text().catch(() => '')).slice(0, 300);
      log.warn({ status: response.status, body: excerpt }, 'o endpoint do LLM respondeu com erro');
      throw new AppError('ANSWER_FAILED');
    }
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      emit(completionText(await response.json()));
      return;
    }
    for await (const text of readChatDeltas(response.body)) {
      alive();
      emit(text);
    }
  }

  return {
    kind: 'llm',
    async answer(
      input: AnswerInput,
      { signal, onDelta }: AnswerOptions = {},
    ): Promise<AnswerResult> {
      const sources = promptSources(input);
      if (input.retrieval.abstained || sources.length === 0) {
        onDelta?.(ABSTENTION_MARKDOWN);
        return { markdown: ABSTENTION_MARKDOWN, citations: [], abstained: true };
      }
      if (signal?.aborted) throw new AppError('ANSWER_TIMEOUT');

      let markdown = '';
      const emit = (text: string) => {
        markdown += text;
        onDelta?.(text);
      };
      const filter = createCitationFilter(sources, emit);
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const alive = () => {
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(), options.timeoutMs);
      };
      const stop = () => controller.abort();
      signal?.addEventListener('abort', stop, { once: true });
      alive();
      try {
        await complete(input, sources, (t) => filter.push(t), controller.signal, alive);
      } catch (error) {
        if (controller.signal.aborted) {
          log.warn(
            { timeoutMs: options.timeoutMs, byCaller: signal?.aborted ?? false },
            'o endpoint do LLM não respondeu a tempo',
          );
          throw new AppError('ANSWER_TIMEOUT');
        }
        if (error instanceof AppError) throw error;
        const reason =
          error instanceof MalformedStreamError
            ? error.message
            : String((error as Error)?.message ?? error);
        log.warn({ reason }, 'falha ao obter a resposta do LLM');
        throw new AppError('ANSWER_FAILED');
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
      }
      filter.end();
      if (filter.removed.length > 0)
        log.warn({ removed: filter.removed }, 'o LLM citou itens que não estavam nas fontes');

      if (!markdown.trim()) {
        log.warn({}, 'o LLM respondeu sem texto');
        throw new AppError('ANSWER_FAILED');
      }
      if (filter.citations.length === 0 && markdown.includes(LLM_ABSTAIN_SENTENCE)) {
        emit(`\n\n${ABSTENTION_SCOPE}`);
        return { markdown, citations: [], abstained: true };
      }
      if (filter.citations.length === 0) {
        emit(sourcesList(sources));
        return {
          markdown,
          citations: sources.slice(0, MAX_LISTED_SOURCES).map(toCitation),
          abstained: false,
        };
      }
      // The norm's own words under the answer, when the model gave none.
      if (!/^>/m.test(markdown)) {
        const cited = filter.citations.flatMap((c) =>
          sources.filter((s) => s.sectionId === c.sectionId),
        );
        emit(quotesOf(input.question, cited));
      }
      return { markdown, citations: filter.citations, abstained: false };
    },
  };
}
