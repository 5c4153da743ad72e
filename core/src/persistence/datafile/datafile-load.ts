/**
 * Reads a datafile into memory (issue 4: "a corrupted datafile fails the load with a message
 * naming the file and line, never a silent wipe"; issue 7: "a torn last line loads every
 * complete record and reports the torn one").
 *
 * - A bad line that is the file's last and has no newline is a write torn by a crash: every
 *   line before it loads, it is reported in `torn` and the caller cuts it off.
 * - A bad line anywhere else is a {@link LoadError} naming `file:line`. NeDB instead drops up
 *   to 10 % of the lines silently; we never drop a line.
 *
 * Speed (issue 6: cold start with 100k records ≤ 1.5 s): the file is decoded in large chunks
 * split at newlines, ids collected into a Map, and the id order sorted once at the end (skipped
 * when, as usual, the file is already in id order). A chunk of our own plain lines is parsed in
 * one `JSON.parse` (datafile-bulk.ts, issue 27); any other chunk one line at a time.
 */
import { readFile } from 'node:fs/promises';

import { LOAD_ERROR_CODES, LoadError } from '../../errors.js';
import type { IdKind, RecordId } from '../../model/schema.js';
import type { StoredRecord } from '../collection.js';
import { type BulkChunk, OtherLine, readChunkInBulk } from './datafile-bulk.js';
import {
  type JsonObject,
  markedKeyEnd,
  markedKeyStart,
  markOwnLines,
  mayHoldDates,
  type ParsedLine,
  parseLine,
  parseMarkedFields,
  unmarkedLine,
} from './datafile-format.js';
import { idFromKey, isIdOfKind, isKeyOf, keyOf } from './id-rules.js';

export interface LoadedDatafile {
  records: Map<RecordId, StoredRecord>;
  /** Ids stored under an `_id` other than `String(id)` (documents NeDB keyed itself). */
  foreignKeys: Map<RecordId, string>;
  /** Highest numeric id seen in any line, deleted ones and the metadata line included. */
  lastId: number;
  /** NeDB index definitions by field, carried over by compaction. */
  indexLines: Map<string, string>;
  /** Complete lines, blank ones included (compaction compares this with the live records). */
  lines: number;
  /** Bytes up to the end of the last complete line, or of the last valid unterminated line. */
  size: number;
  /** The file has content and does not end with a newline (and the last line is valid). */
  needsNewline: boolean;
  torn: { line: number; reason: string } | undefined;
}

const NEWLINE = 10;
// One string per 64 MiB: a file of 100,000 records is one chunk (a second chunk made the line
// loop about a sixth slower), and no chunk nears V8's longest string.
const CHUNK_BYTES = 64 * 1024 * 1024;

export interface ReadOptions {
  /** Tests read small files in many chunks. */
  chunkBytes?: number;
  /** `false`: every line parsed on its own (tests compare both readings). */
  bulk?: boolean;
}

export async function readDatafile(
  file: string,
  idKind: IdKind,
  { chunkBytes = CHUNK_BYTES, bulk = true }: ReadOptions = {},
): Promise<LoadedDatafile> {
  let buffer: Buffer;
  try {
    buffer = await readFile(file);
  } catch (error) {
    // ENOTDIR: a parent is a file, so the datafile cannot exist either.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    buffer = Buffer.alloc(0);
  }
  return new DatafileReader(file, idKind).read(buffer, chunkBytes, bulk);
}

class DatafileReader {
  private readonly records = new Map<RecordId, StoredRecord>();
  private readonly foreignKeys = new Map<RecordId, string>();
  /** `_id` → id, for foreign keys only. */
  private readonly keyToId = new Map<string, RecordId>();
  private readonly indexLines = new Map<string, string>();
  private lastId = 0;

  constructor(
    private readonly file: string,
    private readonly idKind: IdKind,
  ) {}

  read(buffer: Buffer, chunkBytes: number, bulk: boolean): LoadedDatafile {
    // Asked first: reading rewrites the buffer.
    const endsWithNewline = buffer.length === 0 || buffer[buffer.length - 1] === NEWLINE;
    const lastNewline = buffer.lastIndexOf(NEWLINE);
    let lineNumber = 0;
    let torn: LoadedDatafile['torn'];
    let start = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0; // BOM
    while (start < buffer.length) {
      const end = chunkEnd(buffer, start, chunkBytes);
      const dated = mayHoldDates(buffer, start, end);
      const whole =
        bulk && !dated && this.keyToId.size === 0
          ? readChunkInBulk(buffer, start, end, this.idKind)
          : undefined;
      if (whole !== undefined) {
        this.applyBulk(whole);
        lineNumber += whole.lines;
        start = end;
        continue;
      }
      const marks = markOwnLines(buffer, start, end);
      const text = buffer.toString('utf8', start, end);
      let from = 0;
      let index = 0;
      while (from < text.length) {
        let to = text.indexOf('\n', from);
        const terminated = to >= 0;
        if (!terminated) to = text.length;
        lineNumber++;
        const reason = marks[index++]
          ? this.readMarkedLine(text, from, to, dated, lineNumber)
          : this.readLine(text.slice(from, to), lineNumber);
        if (reason !== undefined) {
          // Only an unterminated line can be the end of a torn append (chunks end at a newline
          // except the last one).
          if (terminated) throw this.corrupt(lineNumber, reason);
          torn = { line: lineNumber, reason };
        }
        from = to + 1;
      }
      start = end;
    }
    return {
      records: this.records,
      foreignKeys: this.foreignKeys,
      lastId: this.lastId,
      indexLines: this.indexLines,
      lines: torn ? lineNumber - 1 : lineNumber,
      size: torn ? lastNewline + 1 : buffer.length,
      needsNewline: !endsWithNewline && !torn,
      torn,
    };
  }

  /** Applies the lines of a chunk read in one parse, as {@link readMarkedLine} and {@link apply}. */
  private applyBulk(chunk: BulkChunk): void {
    for (const line of chunk.header) this.apply(line.parsed, line.text, 0);
    // An indexed loop over locals: a `for…of` writing `this.lastId` took twice as long at
    // 100,000 records, most of it in a garbage collection its allocations brought on.
    const { entries } = chunk;
    const { records } = this;
    let lastId = this.lastId;
    for (let at = 0; at < entries.length; at++) {
      const entry = entries[at]!;
      if (entry instanceof OtherLine) {
        // Deletions, index and metadata lines: none of them can be unusable.
        this.lastId = lastId;
        this.apply(entry.parsed, entry.text, 0);
        lastId = this.lastId;
        continue;
      }
      const id = entry['id'] as RecordId;
      if (typeof id === 'number' && id > lastId) lastId = id;
      records.set(id, entry as StoredRecord);
    }
    this.lastId = lastId;
  }

  /**
   * Applies one line that {@link markOwnLines} marked; as {@link readLine}. The usual record,
   * keyed by its own id, is stored without building its key (issue 15: 100,000 lines).
   */
  private readMarkedLine(
    text: string,
    from: number,
    to: number,
    dated: boolean,
    lineNumber: number,
  ): string | undefined {
    const keyStart = markedKeyStart(from);
    const keyEnd = markedKeyEnd(text, from);
    const fields = parseMarkedFields(text, keyEnd, to, dated);
    if (fields === undefined) return this.readLine(unmarkedLine(text, from, to), lineNumber);
    if (fields['$$deleted'] === true) {
      return this.apply({ kind: 'delete', key: text.slice(keyStart, keyEnd) }, '', lineNumber);
    }
    const id = fields['id'];
    if (
      this.keyToId.size === 0 &&
      Object.hasOwn(fields, 'id') &&
      isIdOfKind(id, this.idKind) &&
      isKeyOf(id, text, keyStart, keyEnd)
    ) {
      if (typeof id === 'number' && id > this.lastId) this.lastId = id;
      this.records.set(id, fields as StoredRecord);
      return undefined;
    }
    return this.readRecord(text.slice(keyStart, keyEnd), fields, lineNumber);
  }

  /** Applies one line; returns why it is unusable, or `undefined`. */
  private readLine(line: string, lineNumber: number): string | undefined {
    if (line.length === 0) return undefined;
    return this.apply(parseLine(line), line, lineNumber);
  }

  private apply(parsed: ParsedLine, line: string, lineNumber: number): string | undefined {
    switch (parsed.kind) {
      case 'record':
        return this.readRecord(parsed.key, parsed.fields, lineNumber);
      case 'delete':
        this.noteKey(parsed.key);
        this.drop(this.idOfKey(parsed.key));
        return undefined;
      case 'meta':
        if (parsed.lastId !== undefined && parsed.lastId > this.lastId) this.lastId = parsed.lastId;
        return undefined;
      case 'index':
        if (parsed.removed) this.indexLines.delete(parsed.field);
        else this.indexLines.set(parsed.field, line);
        return undefined;
      case 'invalid':
        return line.trim() === '' ? undefined : parsed.reason;
    }
  }

  private readRecord(
    key: string | undefined,
    fields: JsonObject,
    lineNumber: number,
  ): string | undefined {
    let id: RecordId;
    let record: JsonObject = fields;
    if (Object.hasOwn(fields, 'id')) {
      const raw = fields['id'];
      if (!isIdOfKind(raw, this.idKind)) {
        if (!(typeof raw === 'number' || typeof raw === 'string'))
          return `no usable id (id is ${JSON.stringify(raw)})`;
        throw this.corrupt(
          lineNumber,
          `id ${JSON.stringify(raw)} is not ${kindName(this.idKind)}, but the model's id is declared ${this.idKind}`,
        );
      }
      id = raw;
    } else {
      const fromKey = key === undefined ? undefined : idFromKey(key, this.idKind);
      if (fromKey === undefined) {
        return `no usable id: _id ${JSON.stringify(key)} is not ${kindName(this.idKind)} and the line has no id`;
      }
      id = fromKey;
      record = { id, ...fields };
    }
    if (typeof id === 'number' && id > this.lastId) this.lastId = id;
    const plainKey = keyOf(id);
    const fileKey = key ?? plainKey;
    // Fast path: our own files name every record by its plain key.
    if (fileKey === plainKey && this.keyToId.size === 0) {
      this.records.set(id, record as StoredRecord);
      return undefined;
    }
    // NeDB semantics: a later line with the same `_id` replaces the document, even when it
    // changed the `id` field.
    const previous = this.idOfKey(fileKey);
    if (previous !== undefined && previous !== id) this.drop(previous);
    if (this.records.has(id) && (this.foreignKeys.get(id) ?? plainKey) !== fileKey) {
      throw this.corrupt(
        lineNumber,
        `id ${JSON.stringify(id)} is stored under two _id values (${JSON.stringify(this.foreignKeys.get(id) ?? plainKey)} and ${JSON.stringify(fileKey)})`,
      );
    }
    this.records.set(id, record as StoredRecord);
    if (fileKey !== plainKey) {
      this.foreignKeys.set(id, fileKey);
      this.keyToId.set(fileKey, id);
    }
    return undefined;
  }

  /** The id an `_id` currently names, if any. */
  private idOfKey(key: string): RecordId | undefined {
    const mapped = this.keyToId.get(key);
    if (mapped !== undefined) return mapped;
    const id = idFromKey(key, this.idKind);
    return id !== undefined && this.records.has(id) && !this.foreignKeys.has(id) ? id : undefined;
  }

  private drop(id: RecordId | undefined): void {
    if (id === undefined) return;
    this.records.delete(id);
    const key = this.foreignKeys.get(id);
    if (key !== undefined) {
      this.foreignKeys.delete(id);
      this.keyToId.delete(key);
    }
  }

  /** A deleted numeric id still counts for the sequence (CONTRACT §1: never reused). */
  private noteKey(key: string): void {
    if (this.idKind !== 'number') return;
    const id = idFromKey(key, 'number');
    if (typeof id === 'number' && id > this.lastId) this.lastId = id;
  }

  private corrupt(line: number, reason: string): LoadError {
    return new LoadError(
      LOAD_ERROR_CODES.CORRUPT_DATAFILE,
      { file: this.file, line },
      `corrupt datafile: ${reason}`,
    );
  }
}

/** End of the chunk starting at `start`: ~64 MiB, cut just after a newline. */
function chunkEnd(buffer: Buffer, start: number, chunkBytes: number): number {
  if (buffer.length - start <= chunkBytes) return buffer.length;
  const newline = buffer.indexOf(NEWLINE, start + chunkBytes);
  return newline < 0 ? buffer.length : newline + 1;
}

function kindName(kind: IdKind): string {
  return kind === 'number' ? 'an integer' : 'a non-empty string';
}
