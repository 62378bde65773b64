import fs from 'node:fs';
import os from 'node:os';

/** Milliseconds with one decimal, or a dash when not measured. */
export const formatMs = (v: number) => (Number.isNaN(v) ? '—' : v.toFixed(1));

/** The machine's load average over 1, 5 and 15 minutes, as "1.2 / 1.0 / 0.8". */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** The question texts of a JSONL file (one `{"question": …}` a line), or `fallback` without it. */
export function loadQuestionTexts(file: string, fallback: string[] = []): string[] {
  if (!fs.existsSync(file)) return fallback;
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => (JSON.parse(l) as { question: string }).question);
}

/** Linux clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS = 100;

/**
 * CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat; 0 where there is
 * no /proc. Read before and after a measurement, it tells what that process spent on it whatever
 * else the machine was doing.
 */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
  } catch {
    return 0;
  }
}
