import { pino } from 'pino';
import type { Config } from '../../config';
import type { AnswerEngine, AnswerLogger } from './answer-engine';
import { createExtractiveEngine } from './extractive.engine';
import { createLlmEngine } from './llm.engine';

export interface AnswerEngineDeps {
  logger?: AnswerLogger;
  fetch?: typeof fetch;
}

/** The configured engine: the LLM one when an OpenAI-compatible endpoint is set, else the extractive one. */
export function createAnswerEngine(
  config: Pick<Config, 'answerEngine' | 'llm' | 'logLevel'>,
  deps: AnswerEngineDeps = {},
): AnswerEngine {
  if (config.answerEngine === 'llm' && config.llm) {
    // The context is built before Fastify's logger exists; the same level keeps the output consistent.
    const logger = deps.logger ?? pino({ level: config.logLevel, name: 'answers' });
    return createLlmEngine({ ...config.llm, logger, fetch: deps.fetch });
  }
  return createExtractiveEngine();
}
