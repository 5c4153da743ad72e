/**
 * The elements of one array deep in a JSON text, one at a time, as the text arrives in chunks
 * (issue 46: a HAR file's `log.entries`). Only the element being read is held, so a file of
 * any size is read in memory bounded by its largest element; each element's text is handed to
 * `JSON.parse` (V8's parser, far faster than a parser written in JavaScript).
 *
 * It checks only what finding the elements needs (strings, escapes, nesting); the elements
 * themselves are checked by `JSON.parse`, and a text that ends inside the array is an error.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

export interface SplitHandlers {
  /** One element's text. */
  element(text: string): void;
  /** An element longer than the limit: skipped (its text is not kept), its length in chars. */
  tooLarge(chars: number): void;
}

export class JsonArraySplitter {
  #inString = false;
  #escaped = false;
  #depth = 0;
  /** The key each open container was opened under (`undefined` in an array or at the root). */
  readonly #keys: (string | undefined)[] = [];
  /** The last string read at a depth where keys matter, and the one before `:`. */
  #lastString = '';
  #stringStart = -1;
  #stringHead = '';
  #pendingKey: string | undefined;
  /** The depth of the target array's elements, while inside it; -1 before and after. */
  #elementDepth = -1;
  #found = false;
  #done = false;
  /** The current element's text so far, and its length. */
  #parts: string[] = [];
  #length = 0;
  #elementStart = -1;
  #tooLarge = false;

  constructor(
    /** The keys from the root to the array (`['log', 'entries']`). */
    readonly path: readonly string[],
    readonly handlers: SplitHandlers,
    /** Characters an element may have; a longer one is skipped. */
    readonly maxElementChars: number,
  ) {}

  /** Whether the array was found and read to its end. */
  get complete(): boolean {
    return this.#done;
  }

  /** Whether the array was found (it may still be open). */
  get found(): boolean {
    return this.#found;
  }

  write(chunk: string): void {
    const path = this.path;
    const keyDepth = path.length;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (c === BACKSLASH) this.#escaped = true;
        else if (c === QUOTE) {
          this.#inString = false;
          if (this.#stringStart !== -2)
            this.#lastString = this.#stringHead + chunk.slice(Math.max(this.#stringStart, 0), i);
        }
        continue;
      }
      switch (c) {
        case QUOTE:
          this.#inString = true;
          // Keys are read only down to the array's depth: strings inside elements are skipped.
          this.#stringStart = this.#depth <= keyDepth && this.#elementDepth === -1 ? i + 1 : -2;
          this.#stringHead = '';
          break;
        case COLON:
          this.#pendingKey = this.#lastString;
          break;
        case COMMA:
          this.#pendingKey = undefined;
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          if (this.#elementDepth !== -1 && this.#depth === this.#elementDepth) this.#begin(i);
          this.#keys.push(this.#pendingKey);
          this.#pendingKey = undefined;
          this.#depth++;
          if (
            c === OPEN_ARRAY &&
            !this.#found &&
            this.#depth === keyDepth + 1 &&
            this.#keys.slice(1).every((k, n) => k === path[n])
          ) {
            this.#found = true;
            this.#elementDepth = this.#depth;
          }
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          this.#keys.pop();
          this.#depth--;
          if (this.#elementDepth === -1) break;
          if (this.#depth === this.#elementDepth) this.#end(chunk, i);
          else if (this.#depth === this.#elementDepth - 1) {
            this.#elementDepth = -1;
            this.#done = true;
          }
          break;
        default:
      }
    }
    // What the chunk left open: the element's text so far, a key's start.
    if (this.#elementStart >= 0) {
      this.#keep(chunk.slice(this.#elementStart));
      this.#elementStart = 0;
    }
    if (this.#inString && this.#stringStart >= 0) {
      this.#stringHead += chunk.slice(this.#stringStart);
      this.#stringStart = 0;
    }
  }

  #begin(at: number): void {
    this.#parts = [];
    this.#length = 0;
    this.#tooLarge = false;
    this.#elementStart = at;
  }

  #keep(text: string): void {
    if (this.#tooLarge) return;
    this.#length += text.length;
    if (this.#length > this.maxElementChars) {
      this.#tooLarge = true;
      this.#parts = [];
    } else this.#parts.push(text);
  }

  #end(chunk: string, at: number): void {
    this.#keep(chunk.slice(this.#elementStart, at + 1));
    const parts = this.#parts;
    this.#parts = [];
    this.#elementStart = -1;
    if (this.#tooLarge) {
      this.#tooLarge = false;
      this.handlers.tooLarge(this.#length);
      return;
    }
    this.handlers.element(parts.length === 1 ? parts[0]! : parts.join(''));
  }
}
