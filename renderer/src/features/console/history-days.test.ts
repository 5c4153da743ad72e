import { describe, expect, it } from 'vitest';

import type { HistoryEntry } from '../../stores/console/console-history';
import { historyDays } from './history-days';

const entry = (id: string, at: Date): HistoryEntry => ({
  id,
  at: at.getTime(),
  method: 'GET',
  url: '/todos',
  headers: [],
  body: '',
  status: 200,
  timeMs: 3,
});

describe('history by day', () => {
  it('groups newest first under Today, Yesterday and the date, keeping each index', () => {
    const now = new Date(2026, 10, 29, 9, 30);
    const days = historyDays(
      [
        entry('a', new Date(2026, 10, 29, 9, 0)),
        entry('b', new Date(2026, 10, 29, 0, 5)),
        entry('c', new Date(2026, 10, 28, 23, 59)),
        entry('d', new Date(2026, 10, 20, 12, 0)),
        entry('e', new Date(2025, 10, 20, 12, 0)),
      ],
      now.getTime(),
      'en-GB',
    );
    expect(days.map((d) => d.entries.map((e) => `${e.entry.id}${e.index}`))).toEqual([
      ['a0', 'b1'],
      ['c2'],
      ['d3'],
      ['e4'],
    ]);
    const [today, yesterday, older, lastYear] = days.map((d) => d.label);
    expect([today, yesterday]).toEqual(['Today', 'Yesterday']);
    // The date as the locale writes it (ICU's punctuation varies), the year only when another.
    expect(older).toMatch(/^Fri\W+20 Nov$/);
    expect(lastYear).toMatch(/^Thu\W+20 Nov 2025$/);
  });

  it('keeps one group per day when the history is out of order (a clock set back)', () => {
    const now = new Date(2026, 10, 29, 9, 30).getTime();
    const days = historyDays(
      [
        entry('a', new Date(2026, 10, 29, 9, 0)),
        entry('b', new Date(2026, 10, 28, 9, 0)),
        entry('c', new Date(2026, 10, 29, 8, 0)),
      ],
      now,
    );
    expect(days.map((d) => [d.label, d.entries.map((e) => e.entry.id)])).toEqual([
      ['Today', ['a', 'c']],
      ['Yesterday', ['b']],
    ]);
  });

  it('is empty for no history', () => {
    expect(historyDays([], Date.now())).toEqual([]);
  });
});
