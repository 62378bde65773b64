import crypto from 'node:crypto';
import type { QuestionAnswerResponse, UsageStatus } from '@normas/contracts/questions';
import { AppError } from '../../lib/app-error';
import { withAnswerDeadline } from '../../lib/deadline';
import type { HistoryRepository, NewHistoryEntry } from '../history/history.repository';
import type { CitedSectionsRepository } from './cited-sections.repository';
import type { CalculatedAnswers } from '../establishments/sizing-answers/calculated-answers';
import type { AnswerPort, RetrievalPort } from './engine-ports';
import { limitMessage, planQuota, type PlanQuota } from '../billing/plan-period';
import type { UsageRepository } from '../billing/usage.repository';

/** Sections handed from retrieval to the answer engine. */
export const RETRIEVAL_LIMIT = 8;

export interface QuestionsServiceDeps {
  retrieval: RetrievalPort;
  answers: AnswerPort;
  /** Sizing questions are computed from the NR tables before the engines are asked. */
  calculated?: CalculatedAnswers;
  usage: UsageRepository;
  history: HistoryRepository;
  cited: CitedSectionsRepository;
  /** Upper bound for retrieval + answer; past it the question fails with ANSWER_TIMEOUT. */
  timeoutMs: number;
  now?: () => Date;
  /**
   * The asker's quota at an instant: billing's `quotaFor` (Pro counts per billing period). Without
   * it, the plan's calendar period.
   */
  quota?: (user: Asker, now: Date) => PlanQuota | Promise<PlanQuota>;
  /** Where failures that cannot reach the client are reported (a quota that could not be given back). */
  onError?: (error: unknown, message: string) => void;
}

export interface Asker {
  id: string;
  plan: string | null | undefined;
}

/** A question whose quota is taken; `answer` must run next, and gives the quota back if it fails. */
export interface Reservation {
  user: Asker;
  question: string;
  quota: PlanQuota;
  /**
   * The period's count with this question; null on a plan without a limit, whose question is
   * counted only when its answer is stored (in the same statement), so a failure has nothing to give back.
   */
  used: number | null;
}

export interface AnswerOptions {
  /** Aborted when the client goes away: the engine stops and the question is given back. */
  signal?: AbortSignal;
  onDelta?: (text: string) => void;
}

export function createQuestionsService(deps: QuestionsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const quotaOf = deps.quota ?? ((user: Asker, at: Date) => planQuota(user.plan, at));
  // Once sections exist they are not removed again, so one positive look is enough.
  let knowledgeSeen = false;

  async function reserve(user: Asker, question: string): Promise<Reservation> {
    if (!knowledgeSeen) {
      knowledgeSeen = await deps.cited.hasKnowledge();
      if (!knowledgeSeen) throw new AppError('KNOWLEDGE_BASE_EMPTY');
    }
    const quota = await quotaOf(user, now());
    if (quota.max === null) return { user, question, quota, used: null };
    const used = await deps.usage.reserve(user.id, quota.periodKey, quota.max);
    if (used === null) {
      throw new AppError(
        quota.period === 'day' ? 'DAILY_LIMIT_EXCEEDED' : 'MONTHLY_LIMIT_EXCEEDED',
        429,
        limitMessage(quota),
        undefined,
        undefined,
        { usage: { used: quota.max, max: quota.max }, resetAt: quota.resetAt },
      );
    }
    return { user, question, quota, used };
  }

  /**
   * Keeps the answered question in the history and settles its quota. An answer that abstains
   * ("Não encontrei nas normas…") costs nothing: its reserved question is given back.
   */
  async function store(
    reservation: Reservation,
    entry: NewHistoryEntry,
    abstained: boolean,
  ): ReturnType<HistoryRepository['insertCounted']> {
    const { user, quota } = reservation;
    if (reservation.used === null) {
      if (!abstained) return deps.history.insertCounted(entry, quota.periodKey);
      const row = await deps.history.insert(entry);
      return { row, used: await deps.usage.used(user.id, quota.periodKey) };
    }
    const row = await deps.history.insert(entry);
    if (!abstained) return { row, used: reservation.used };
    await deps.usage.release(user.id, quota.periodKey);
    return { row, used: reservation.used - 1 };
  }

  async function answer(
    reservation: Reservation,
    options: AnswerOptions = {},
  ): Promise<QuestionAnswerResponse> {
    const { user, question, quota } = reservation;
    try {
      return await withAnswerDeadline(deps.timeoutMs, options.signal, async (signal) => {
        const calculated = await deps.calculated?.tryAnswer({ question, userId: user.id });
        if (calculated) options.onDelta?.(calculated.markdown);
        const result =
          calculated ??
          (await deps.answers.answer(
            {
              question,
              retrieval: await deps.retrieval.search(question, { limit: RETRIEVAL_LIMIT }),
            },
            { signal, onDelta: options.onDelta },
          ));
        signal.throwIfAborted();
        const data = await deps.cited.byCitations(result.citations);
        const entry = {
          userId: user.id,
          chatKey: crypto.randomBytes(16).toString('base64url'),
          question,
          answer: result.markdown,
          regulations: data,
          abstained: result.abstained,
          engine: calculated ? 'sizing' : deps.answers.kind,
        };
        const { row, used } = await store(reservation, entry, result.abstained);
        return {
          aiResponse: row.answer,
          chatKey: row.chatKey,
          data,
          abstained: row.abstained,
          historyId: row.id,
          usage: { used, max: quota.max },
        };
      });
    } catch (error) {
      // A failed answer does not use up a question.
      if (reservation.used !== null) {
        await deps.usage
          .release(user.id, quota.periodKey)
          .catch((e: unknown) => deps.onError?.(e, 'quota not given back'));
      }
      // Timeouts are already ANSWER_TIMEOUT; when the client is gone nobody reads the answer.
      if (options.signal?.aborted || error instanceof AppError) throw error;
      deps.onError?.(error, 'answer failed');
      throw new AppError('ANSWER_FAILED');
    }
  }

  /** The user's questions in the current period, before asking (GET /usage). */
  async function usageStatus(user: Asker): Promise<UsageStatus> {
    const quota = await quotaOf(user, now());
    return {
      plan: quota.plan,
      used: await deps.usage.used(user.id, quota.periodKey),
      max: quota.max,
      period: quota.period,
      resetAt: quota.resetAt,
    };
  }

  return {
    reserve,
    answer,
    usageStatus,
    /** Reserve and answer in one go (the JSON endpoint). */
    async ask(
      user: Asker,
      question: string,
      options: AnswerOptions = {},
    ): Promise<QuestionAnswerResponse> {
      return answer(await reserve(user, question), options);
    },
  };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
