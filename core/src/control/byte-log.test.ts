import { describe, expect, it } from 'vitest';

import { ByteLog, joinSpans, type Span } from './byte-log.js';

/** Writes `text` and answers its span. */
function append(log: ByteLog, id: number, text: string): Span {
  const span: Span = { id, chunk: Buffer.alloc(0), start: 0, end: 0 };
  log.write(text, span);
  return span;
}

function joined(spans: readonly Span[]): { text: string; parts: number } {
  const parts: Buffer[] = [];
  joinSpans(spans, parts);
  return { text: Buffer.concat(parts).toString('utf8'), parts: parts.length };
}

describe('ByteLog', () => {
  it('keeps each text as UTF-8 and joins a run of them with commas in one part', () => {
    const log = new ByteLog();
    const texts = ['{"a":1}', '"héllo ✓ 𝄞"', '[]'];
    const spans = texts.map((t) => append(log, 0, t));
    spans.forEach((s, i) => expect(s.chunk.toString('utf8', s.start, s.end)).toBe(texts[i]));
    expect(joined(spans)).toEqual({ text: texts.join(','), parts: 1 });
  });

  it('joins spans that are not neighbours (a reconnect that skips some) with their own commas', () => {
    const log = new ByteLog();
    const spans = ['1', '2', '3', '4', '5'].map((t) => append(log, 0, t));
    expect(joined([spans[0]!, spans[2]!, spans[3]!]).text).toBe('1,3,4');
    expect(joined([spans[4]!]).text).toBe('5');
    expect(joined([])).toEqual({ text: '', parts: 0 });
  });

  it('starts a new chunk when one is full, and gives a large text a buffer of its own', () => {
    const log = new ByteLog();
    const big = 'x'.repeat(100_000);
    const spans = Array.from({ length: 12 }, (_, i) => append(log, i, `${i}${big}`));
    expect(new Set(spans.map((s) => s.chunk)).size).toBeGreaterThan(1);
    const huge = append(log, 0, 'y'.repeat(300_000));
    expect(huge.chunk.length).toBe(300_000);
    const after = append(log, 0, 'z');
    const text = joined([...spans, huge, after]).text;
    expect(text).toBe([...spans.map((_, i) => `${i}${big}`), 'y'.repeat(300_000), 'z'].join(','));
  });

  it('never lets a later append change bytes already kept', () => {
    const log = new ByteLog();
    const first = append(log, 0, 'first');
    for (let i = 0; i < 5_000; i++) append(log, i, `filler ${i} ${'-'.repeat(300)}`);
    expect(first.chunk.toString('utf8', first.start, first.end)).toBe('first');
  });
});
