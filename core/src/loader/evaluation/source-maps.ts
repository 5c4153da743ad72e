/**
 * Maps V8 stack frames of evaluated project files back to their original lines, so a throw or a
 * failed import is reported where the user wrote it, not where the transpiled code put it.
 */
import type { SourceMapConsumer } from 'source-map-js';

import { requireCjs } from '../../require-cjs.js';

// Needed only when an error's stack is mapped: loaded then, not at start-up.
const sourceMapJs = (): typeof import('source-map-js') =>
  requireCjs('source-map-js') as typeof import('source-map-js');

/** A 1-based position in an original project file. */
export interface MappedLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

interface Frame {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Where `file:line:column` sits in the stack line, to rewrite it. */
  readonly start: number;
  readonly text: string;
}

// `    at fn (/p/user.ts:3:9)` or `    at /p/user.ts:3:9`; the path may itself hold spaces and
// parentheses, so take everything between the opening delimiter and the trailing numbers.
const WITH_NAME = /\((.+):(\d+):(\d+)\)$/;
const BARE = /^\s*at (?:async )?(.+):(\d+):(\d+)$/;

function parseFrame(stackLine: string, known: (file: string) => boolean): Frame | undefined {
  if (!/^\s*at /.test(stackLine)) return undefined;
  for (const pattern of [WITH_NAME, BARE]) {
    const match = pattern.exec(stackLine);
    if (!match || !known(match[1]!)) continue;
    const text = `${match[1]}:${match[2]}:${match[3]}`;
    return {
      file: match[1]!,
      line: Number(match[2]),
      column: Number(match[3]),
      start: stackLine.lastIndexOf(text),
      text,
    };
  }
  return undefined;
}

/** The source maps of one load, keyed by the absolute file name the code was compiled under. */
export class SourceMaps {
  readonly #raw = new Map<string, string>();
  readonly #consumers = new Map<string, SourceMapConsumer>();

  add(file: string, rawMap: string): void {
    this.#raw.set(file, rawMap);
  }

  has(file: string): boolean {
    return this.#raw.has(file);
  }

  /** The original position of a generated one (both 1-based), or undefined when unmapped. */
  original(file: string, line: number, column: number): MappedLocation | undefined {
    const consumer = this.#consumer(file);
    if (!consumer) return undefined;
    for (const bias of [
      sourceMapJs().SourceMapConsumer.GREATEST_LOWER_BOUND,
      sourceMapJs().SourceMapConsumer.LEAST_UPPER_BOUND,
    ]) {
      // V8 columns are 1-based, source-map columns 0-based.
      const found = consumer.originalPositionFor({ line, column: column - 1, bias });
      // The runtime value is null when unmapped, despite the declared type.
      if ((found.line as number | null) !== null && found.line > 0) {
        return { file, line: found.line, column: (found.column ?? 0) + 1 };
      }
    }
    return undefined;
  }

  /**
   * The first frame of `stack` that lies in a project file and maps to a line the user wrote.
   * Frames in helpers the compiler injected (`__decorate`) map nowhere and are skipped, so a
   * decorator that throws is blamed on the decorated class. `inFile` limits the search.
   */
  locate(stack: string | undefined, inFile?: string): MappedLocation | undefined {
    if (!stack) return undefined;
    const known = (file: string) => (inFile === undefined || file === inFile) && this.has(file);
    for (const stackLine of stack.split('\n')) {
      const frame = parseFrame(stackLine, known);
      if (!frame) continue;
      const mapped = this.original(frame.file, frame.line, frame.column);
      if (mapped) return mapped;
    }
    return undefined;
  }

  /** `stack` with every project frame rewritten to its original position, for logs. */
  mapStack(stack: string): string {
    return stack
      .split('\n')
      .map((stackLine) => {
        const frame = parseFrame(stackLine, (file) => this.has(file));
        const mapped = frame && this.original(frame.file, frame.line, frame.column);
        if (!frame || !mapped || frame.start < 0) return stackLine;
        const replacement = `${mapped.file}:${mapped.line}:${mapped.column}`;
        return (
          stackLine.slice(0, frame.start) +
          replacement +
          stackLine.slice(frame.start + frame.text.length)
        );
      })
      .join('\n');
  }

  #consumer(file: string): SourceMapConsumer | undefined {
    const cached = this.#consumers.get(file);
    if (cached) return cached;
    const raw = this.#raw.get(file);
    if (!raw) return undefined;
    const consumer = new (sourceMapJs().SourceMapConsumer)(raw);
    this.#consumers.set(file, consumer);
    return consumer;
  }
}
