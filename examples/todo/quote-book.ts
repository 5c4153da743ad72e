import { DataSource, type Persistence } from 'decorest';

import type { Quote } from './quote.js';

/**
 * A named datasource (spec §2.3): any class implementing Persistence. It has only getAll, so
 * GET works and writes answer 405 naming the datasource and the missing method.
 */
@DataSource('quotes')
export class QuoteBook implements Persistence<Quote> {
  getAll(): Quote[] {
    return [
      { id: 1, text: 'Simplicity is prerequisite for reliability.', author: 'Edsger W. Dijkstra' },
      { id: 2, text: 'Make it work, make it right, make it fast.', author: 'Kent Beck' },
      { id: 3, text: 'Premature optimization is the root of all evil.', author: 'Donald Knuth' },
    ];
  }
}
