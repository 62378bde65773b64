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
