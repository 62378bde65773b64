import { PLAN_TIME_ZONE } from '@normas/contracts/plans';

/**
 * A formatter made on first use: building an Intl.DateTimeFormat loads locale data, tens of
 * milliseconds on a slow phone, which a page that never shows a date should not pay while loading.
 */
function lazyFormat(make: () => Intl.DateTimeFormat): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= make());
}

// Instants (createdAt, resetAt) are shown on the clock of the plans' time zone, the one limits reset in.
const dateFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: PLAN_TIME_ZONE,
    }),
);
const timeFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: PLAN_TIME_ZONE,
    }),
);
const dayKeyFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: PLAN_TIME_ZONE,
    }),
);
// Calendar dates ("2024-03-15") have no time zone: formatting them in UTC keeps the printed day.
const calendarFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/** dd/mm/yyyy of an instant. */
export function formatDate(iso: string): string {
  return dateFormat().format(new Date(iso));
}

/** HH:mm of an instant. */
export function formatTime(iso: string): string {
  return timeFormat().format(new Date(iso));
}

/** "yyyy-mm-dd" of an instant's day; sorts like the days it names. */
export function dayKey(date: Date | string): string {
  return dayKeyFormat().format(typeof date === 'string' ? new Date(date) : date);
}

/** dd/mm/yyyy of a calendar date such as "2024-03-15". */
export function formatCalendarDate(date: string): string {
  return calendarFormat().format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}
