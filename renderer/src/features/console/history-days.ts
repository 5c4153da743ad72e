/**
 * History grouped by the day each request was sent, as Postman's and Bruno's history are
 * (newest first): "Today", "Yesterday", then the date; a row's title has its time. Each
 * entry keeps its index in the history, which Run and the store address it by.
 */
import type { HistoryEntry } from '../../stores/console/console-history';

export interface HistoryDay {
  /** Local midnight of the day, a stable key. */
  key: number;
  label: string;
  entries: { entry: HistoryEntry; index: number }[];
}

const midnight = (t: number): number => new Date(t).setHours(0, 0, 0, 0);

function dayLabel(day: number, today: number, locale?: string): string {
  if (day === today) return 'Today';
  if (day === midnight(today - 12 * 3600_000)) return 'Yesterday';
  const sameYear = new Date(day).getFullYear() === new Date(today).getFullYear();
  return new Date(day).toLocaleDateString(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

export function historyDays(
  entries: readonly HistoryEntry[],
  now: number,
  locale?: string,
): HistoryDay[] {
  const today = midnight(now);
  // One group per day even where the history is out of order (a clock set back): keyed, in
  // the order each day first comes.
  const days = new Map<number, HistoryDay>();
  entries.forEach((entry, index) => {
    const key = midnight(entry.at);
    let day = days.get(key);
    if (day === undefined) {
      day = { key, label: dayLabel(key, today, locale), entries: [] };
      days.set(key, day);
    }
    day.entries.push({ entry, index });
  });
  return [...days.values()];
}
