import { describe, expect, it } from 'vitest';
import { limitMessage, planQuota } from './plan-period';

describe('planQuota', () => {
  it('counts a free user per São Paulo day and resets at the next São Paulo midnight', () => {
    // 02:30 UTC on the 21st is still 23:30 on the 20th in São Paulo.
    expect(planQuota('free', new Date('2026-11-21T02:30:00Z'))).toEqual({
      plan: 'free',
      periodKey: '2026-11-20',
      max: 3,
      period: 'day',
      resetAt: '2026-11-21T03:00:00.000Z',
    });
    expect(planQuota(null, new Date('2026-11-21T03:00:00Z')).periodKey).toBe('2026-11-21');
  });

  it('rolls the day over month and year ends', () => {
    expect(planQuota('free', new Date('2026-12-31T15:00:00Z')).resetAt).toBe(
      '2027-01-01T03:00:00.000Z',
    );
    expect(planQuota('free', new Date('2027-02-28T15:00:00Z')).resetAt).toBe(
      '2027-03-01T03:00:00.000Z',
    );
  });

  it('counts a Pro user per São Paulo month and resets on the first day of the next month', () => {
    expect(planQuota('pro', new Date('2026-12-01T01:00:00Z'))).toEqual({
      plan: 'pro',
      periodKey: '2026-11',
      max: 100,
      period: 'month',
      resetAt: '2026-12-01T03:00:00.000Z',
    });
    expect(planQuota('pro', new Date('2026-12-15T12:00:00Z')).resetAt).toBe(
      '2027-01-01T03:00:00.000Z',
    );
  });

  it('gives Business no limit and no reset, counted per month', () => {
    expect(planQuota('business', new Date('2026-11-21T12:00:00Z'))).toEqual({
      plan: 'business',
      periodKey: '2026-11',
      max: null,
      period: 'month',
      resetAt: null,
    });
  });

  it('treats an unknown plan as free', () => {
    expect(planQuota('gold', new Date('2026-11-21T12:00:00Z')).max).toBe(3);
  });

  it('names the plan limit in pt-BR', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(limitMessage(planQuota('free', now))).toBe(
      'Você atingiu o limite de 3 perguntas por dia do plano Gratuito.',
    );
    expect(limitMessage(planQuota('pro', now))).toBe(
      'Você atingiu o limite de 100 perguntas por mês do plano Pro.',
    );
  });
});

describe('planQuota across São Paulo midnight', () => {
  it('changes the day exactly at local midnight, whatever was asked before', () => {
    const before = new Date('2026-11-21T02:59:59.999Z');
    const midnight = new Date('2026-11-21T03:00:00.000Z');
    // Forwards, backwards and forwards again: each answer depends only on its own instant.
    for (const [at, periodKey, resetAt] of [
      [before, '2026-11-20', '2026-11-21T03:00:00.000Z'],
      [midnight, '2026-11-21', '2026-11-22T03:00:00.000Z'],
      [before, '2026-11-20', '2026-11-21T03:00:00.000Z'],
      [new Date('2026-11-22T02:59:59.999Z'), '2026-11-21', '2026-11-22T03:00:00.000Z'],
      [new Date('2026-11-22T03:00:00.000Z'), '2026-11-22', '2026-11-23T03:00:00.000Z'],
    ] as const) {
      expect(planQuota('free', at)).toMatchObject({ periodKey, resetAt });
    }
  });

  it('changes the month at the first local midnight of the month, for every plan', () => {
    const lastEvening = new Date('2026-12-01T02:59:59.999Z');
    const firstMidnight = new Date('2026-12-01T03:00:00.000Z');
    expect(planQuota('business', lastEvening).periodKey).toBe('2026-11');
    expect(planQuota('pro', lastEvening)).toMatchObject({
      periodKey: '2026-11',
      resetAt: '2026-12-01T03:00:00.000Z',
    });
    expect(planQuota('business', firstMidnight).periodKey).toBe('2026-12');
    expect(planQuota('pro', firstMidnight)).toMatchObject({
      periodKey: '2026-12',
      resetAt: '2027-01-01T03:00:00.000Z',
    });
    expect(planQuota('free', firstMidnight).periodKey).toBe('2026-12-01');
  });

  it('hands out a copy: changing one quota does not change the next', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const first = planQuota('pro', now);
    first.max = 1;
    first.periodKey = 'x';
    expect(planQuota('pro', now)).toMatchObject({ max: 100, periodKey: '2026-11' });
  });
});
