/**
 * A local stand-in for an OpenAI-compatible chat-completions endpoint, so that bench:answers runs
 * the LLM engine's whole path (prompt, streaming, passage markers, citation filter, quotes) without
 * a network. It "answers" as the grounded extractive engine would over the numbered sources of the
 * prompt, writes its citations as passage markers ("[1]") the way models do, and streams the text
 * in small chunks. Its figures measure the engine's path, not a model: point NORMAS_BENCH_LLM_URL
 * (and NORMAS_BENCH_LLM_MODEL, NORMAS_BENCH_LLM_KEY) at a real endpoint to measure one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnswerSource } from '../../apps/api/src/modules/answers/answer-engine';
import { citationHref } from '../../apps/api/src/modules/answers/citation';
import {
  chunkText,
  composeExtractiveAnswer,
} from '../../apps/api/src/modules/answers/extractive.engine';

export async function startLlmStandIn(
  byHref: ReadonlyMap<string, AnswerSource>,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const { messages } = JSON.parse(body) as { messages: { role: string; content: string }[] };
      const prompt = messages.at(-1)!.content;
      const question = /\nPergunta: ([\s\S]*)$/.exec(prompt)?.[1]?.trim() ?? '';
      const hrefs = [...prompt.matchAll(/^Link: \[[^\]]*\]\(([^)]+)\)$/gm)].map((m) => m[1]!);
      const sources = hrefs.flatMap((href, i) => {
        const s = byHref.get(href);
        return s ? [{ ...s, score: hrefs.length - i }] : [];
      });
      const answer = composeExtractiveAnswer(
        { question, retrieval: { abstained: false, confidence: 1, results: sources } },
        new Date().toISOString().slice(0, 10),
      );
      let text = answer.abstained
        ? 'As fontes fornecidas não respondem a esta pergunta.'
        : answer.markdown.replace(
            /\[[^\]\n]*\]\((\/regulations\/[^)\s]+)\)/g,
            (whole, href: string) => {
              const n = hrefs.indexOf(href);
              return n >= 0 ? `[${n + 1}]` : whole;
            },
          );
      // The model writes no list of cited items of its own.
      text = text.replace(/\n\n\*\*Itens citados\*\*[\s\S]*$/, '');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of chunkText(text, 12))
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sources the stand-in can quote, by the link the prompt gives for each. */
export function sourcesByHref(sections: readonly Omit<AnswerSource, 'score'>[]) {
  return new Map(
    sections.map((s) => [
      citationHref(s),
      { ...s, score: 0, effectiveFrom: s.effectiveFrom ?? null },
    ]),
  );
}
