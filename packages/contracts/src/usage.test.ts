import { describe, expect, it } from 'vitest';
import { questionLimitMessage } from './plans';
import { limitExceededFromUsage } from './questions';

describe('the limit state from GET /usage', () => {
  it('is the 429 a question would get once the period is used up', () => {
    expect(
      limitExceededFromUsage({
        plan: 'free',
        used: 3,
        max: 3,
        period: 'day',
        resetAt: '2026-11-22T03:00:00.000Z',
      }),
    ).toEqual({
      code: 'DAILY_LIMIT_EXCEEDED',
      message: 'Você atingiu o limite de 3 perguntas por dia do plano Gratuito.',
      usage: { used: 3, max: 3 },
      resetAt: '2026-11-22T03:00:00.000Z',
    });
    expect(
      limitExceededFromUsage({
        plan: 'pro',
        used: 100,
        max: 100,
        period: 'month',
        resetAt: '2026-12-01T03:00:00.000Z',
      }),
    ).toMatchObject({
      code: 'MONTHLY_LIMIT_EXCEEDED',
      message: 'Você atingiu o limite de 100 perguntas por mês do plano Pro.',
    });
  });

  it('is none while questions are left, or on a plan without a limit', () => {
    const free = { plan: 'free', max: 3, period: 'day', resetAt: '2026-11-22T03:00:00Z' } as const;
    expect(limitExceededFromUsage({ ...free, used: 2 })).toBeNull();
    expect(
      limitExceededFromUsage({
        plan: 'business',
        used: 5000,
        max: null,
        period: 'month',
        resetAt: null,
      }),
    ).toBeNull();
  });

  it('words the limit as the server does', () => {
    expect(questionLimitMessage('free', 3, 'day')).toBe(
      'Você atingiu o limite de 3 perguntas por dia do plano Gratuito.',
    );
  });
});
