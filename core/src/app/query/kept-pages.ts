/**
 * Issue 45: a list route's answers, kept as the bytes they were sent as. A page is its records'
 * kept texts joined, and it stays the answer for as long as the store reports the same version
 * (no write since): `GET /users/7/todos?limit=10` asked again is one lookup and one write, with
 * no walk over an index and no text of each record to find (at N = 100,000 those lookups miss
 * the CPU's caches and cost more than the rest of the answer).
 *
 * Kept per route, by the query string and the scope (the parent of a nested list); at most
 * {@link KEPT_PAGES_MAX} pages of at most {@link KEPT_PAGE_MAX_CHARS} characters each, all
 * dropped once more are asked. Pages that embed other records are not kept: they depend on
 * other stores' writes too.
 */

/** Pages kept per route; all are dropped once more are asked. */
export const KEPT_PAGES_MAX = 1024;
/** A longer page is answered, not kept (a large page is seldom asked twice alike). */
export const KEPT_PAGE_MAX_CHARS = 16 * 1024;

/** A list answer as sent: its body and its match count (`X-Total-Count`). */
export interface KeptPage {
  /** The store's version the page was built at. */
  readonly version: number;
  readonly total: number;
  readonly body: string;
}

export class KeptPages {
  #pages = new Map<string, KeptPage>();

  /** The page kept under `key` if it was built at `version`, else `undefined`. */
  get(key: string, version: number): KeptPage | undefined {
    const page = this.#pages.get(key);
    return page !== undefined && page.version === version ? page : undefined;
  }

  /** Keeps `page` under `key` when it is small enough to be worth it. */
  keep(key: string, page: KeptPage): void {
    if (page.body.length > KEPT_PAGE_MAX_CHARS) return;
    if (this.#pages.size >= KEPT_PAGES_MAX && !this.#pages.has(key)) this.#pages = new Map();
    this.#pages.set(key, page);
  }

  /** How many pages are kept (tests). */
  get size(): number {
    return this.#pages.size;
  }
}
