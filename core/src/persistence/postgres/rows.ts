/** The one way a store's statements run (issue 26): rows as arrays, a refusal as its error. */
import { databaseStoreError } from '../../errors.js';
import type { RecordId } from '../../model/schema.js';
import type { Queryable } from './sql.js';

/** A statement's rows, as arrays; a refusal as the store's error (errors/postgres-errors.ts). */
export async function rows(
  db: Queryable,
  where: string,
  text: string,
  values: unknown[],
  id?: RecordId,
  name?: string,
): Promise<unknown[][]> {
  try {
    const result = await db.query<unknown[]>({
      text,
      values,
      rowMode: 'array',
      ...(name === undefined ? {} : { name }),
    });
    return result.rows;
  } catch (error) {
    throw databaseStoreError(error, where, id);
  }
}
