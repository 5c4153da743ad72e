import { FromDataSource, Rest } from 'decorest';

/** A model served from the named datasource "quotes" (quote-book.ts), read-only. */
@Rest
@FromDataSource('quotes')
export class Quote {
  id!: number;
  text!: string;
  author!: string;
}
