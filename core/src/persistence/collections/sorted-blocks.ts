/**
 * A sorted list kept in blocks of a few hundred items (as Python's sortedcontainers keeps its
 * lists): an insert or a removal moves at most one block's items, not a million, and the item
 * at any position is found by walking block sizes (about n / 512 steps), so a page at offset
 * 500,000 costs microseconds. The order must be total (no two items compare equal unless they
 * are the same item): record views break ties by id.
 */

/** Items per block after a split; a block splits when it doubles. */
export const BLOCK = 512;

export class SortedBlocks<T> {
  #blocks: T[][] = [];
  #size = 0;

  /**
   * `sorted` must already be in `compare`'s order; it is adopted block by block. `block`:
   * items per block (tests make it small to split often).
   */
  constructor(
    private readonly compare: (a: T, b: T) => number,
    sorted: readonly T[] = [],
    private readonly block = BLOCK,
  ) {
    for (let i = 0; i < sorted.length; i += block) this.#blocks.push(sorted.slice(i, i + block));
    this.#size = sorted.length;
  }

  get size(): number {
    return this.#size;
  }

  insert(item: T): void {
    this.#size++;
    if (this.#blocks.length === 0) {
      this.#blocks.push([item]);
      return;
    }
    const b = Math.min(this.#blockOf(item), this.#blocks.length - 1);
    const block = this.#blocks[b]!;
    const at = this.#lowerBound(block, item);
    if (at === block.length) block.push(item);
    else block.splice(at, 0, item);
    if (block.length >= 2 * this.block) this.#blocks.splice(b + 1, 0, block.splice(this.block));
  }

  /** Removes the item equal to `item` in the order; returns whether there was one. */
  remove(item: T): boolean {
    const b = this.#blockOf(item);
    const block = this.#blocks[b];
    if (block === undefined) return false;
    const at = this.#lowerBound(block, item);
    if (at >= block.length || this.compare(block[at]!, item) !== 0) return false;
    block.splice(at, 1);
    this.#size--;
    if (block.length === 0) this.#blocks.splice(b, 1);
    return true;
  }

  /**
   * Puts `next` where `previous` was: in place when they sit at the same point of the order
   * (a write that left the sorted fields alone), else a removal and an insertion.
   */
  replace(previous: T, next: T): void {
    if (this.compare(previous, next) === 0) {
      const block = this.#blocks[this.#blockOf(previous)];
      const at = block === undefined ? -1 : this.#lowerBound(block, previous);
      if (block !== undefined && at < block.length && this.compare(block[at]!, previous) === 0) {
        block[at] = next;
        return;
      }
    }
    this.remove(previous);
    this.insert(next);
  }

  /** Items `offset … offset+limit-1` in order. */
  slice(offset: number, limit: number): T[] {
    const out: T[] = [];
    let skip = Math.max(0, offset);
    let want = Math.max(0, Math.min(limit, this.#size - skip));
    for (const block of this.#blocks) {
      if (want === 0) break;
      if (skip >= block.length) {
        skip -= block.length;
        continue;
      }
      const end = Math.min(block.length, skip + want);
      for (let i = skip; i < end; i++) out.push(block[i]!);
      want -= end - skip;
      skip = 0;
    }
    return out;
  }

  /** Every item, in order. */
  *values(): IterableIterator<T> {
    for (const block of this.#blocks) yield* block;
  }

  /** The first block whose last item is ≥ `item` (the block count when none is). */
  #blockOf(item: T): number {
    let lo = 0;
    let hi = this.#blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const block = this.#blocks[mid]!;
      if (this.compare(block[block.length - 1]!, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #lowerBound(block: readonly T[], item: T): number {
    let lo = 0;
    let hi = block.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(block[mid]!, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
