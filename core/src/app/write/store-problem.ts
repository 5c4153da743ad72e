/**
 * Store failures as problems (CONTRACT §1, issue 7): a taken id is the client's conflict, a
 * wrong id kind the client's invalid body, a closed collection a reload in progress, and
 * anything else the store raises is the server's fault: never a 4xx.
 */
import {
  CollectionClosedError,
  HttpProblem,
  IdConflictError,
  IdKindError,
  InvalidRecordError,
  problems,
  StorageWriteError,
} from '../../errors.js';

export function storeProblem(error: unknown): unknown {
  if (error instanceof HttpProblem) return error;
  if (error instanceof IdConflictError) return problems.conflict(error.message);
  if (error instanceof IdKindError)
    return problems.invalidBody('Invalid id', [{ field: 'id', message: error.message }]);
  if (error instanceof InvalidRecordError)
    return problems.invalidBody('Invalid record', [{ field: '', message: error.message }]);
  if (error instanceof CollectionClosedError) return problems.reloading();
  if (error instanceof StorageWriteError) {
    return problems.storageFailed(
      `the datafile could not be written (${error.osCode}); nothing was changed`,
      error,
    );
  }
  // Any other error is a bug or an I/O failure of ours: the server log gets it, the client a 500.
  return error;
}

/** Awaits a store call, turning its failures into problems. */
export async function stored<T>(write: Promise<T> | T): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw storeProblem(error);
  }
}
