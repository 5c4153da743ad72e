import { describe, expect, it } from 'vitest';

import { KEPT_PAGE_MAX_CHARS, KEPT_PAGES_MAX, KeptPages } from './kept-pages.js';

describe('kept list pages (issue 45)', () => {
  it('answers a page only at the version it was built at', () => {
    const pages = new KeptPages();
    pages.keep('limit=10', { version: 3, total: 2, body: '[{"id":1},{"id":2}]' });
    expect(pages.get('limit=10', 3)).toMatchObject({ total: 2, body: '[{"id":1},{"id":2}]' });
    expect(pages.get('limit=10', 4)).toBeUndefined();
    expect(pages.get('limit=11', 3)).toBeUndefined();
  });

  it('keeps at most its count of pages, and no page longer than the limit', () => {
    const pages = new KeptPages();
    for (let i = 0; i < KEPT_PAGES_MAX * 3; i++)
      pages.keep(`offset=${i}`, { version: 1, total: 1, body: '[]' });
    expect(pages.size).toBeLessThanOrEqual(KEPT_PAGES_MAX);
    expect(pages.get(`offset=${KEPT_PAGES_MAX * 3 - 1}`, 1)).toBeDefined();
    pages.keep('big', { version: 1, total: 1, body: 'x'.repeat(KEPT_PAGE_MAX_CHARS + 1) });
    expect(pages.get('big', 1)).toBeUndefined();
  });
});
