import { QUESTION_PREVIEW_CHARS } from '@normas/contracts/constants';
import type { HistoryItem } from '@normas/contracts/questions';
import { dayKey, formatDate } from '../../../lib/dates';

export interface HistoryGroup {
  key: string;
  label: string;
  items: HistoryItem[];
}

/** The question cut at 100 characters plus an ellipsis (spec §2). */
export function previewQuestion(question: string): string {
  return question.length > QUESTION_PREVIEW_CHARS
    ? `${question.slice(0, QUESTION_PREVIEW_CHARS)}…`
    : question;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Entries grouped by their day, newest day first and newest entry first within a day. */
export function groupHistoryByDay(items: HistoryItem[], now: Date): HistoryGroup[] {
  const today = dayKey(now);
  const yesterday = dayKey(new Date(now.getTime() - DAY_MS));
  const groups = new Map<string, HistoryGroup>();
  const sorted = [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const item of sorted) {
    const key = dayKey(item.createdAt);
    let group = groups.get(key);
    if (!group) {
      const date = formatDate(item.createdAt);
      const label = key === today ? `Hoje, ${date}` : key === yesterday ? `Ontem, ${date}` : date;
      group = { key, label, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()].sort((a, b) => b.key.localeCompare(a.key));
}
