/**
 * A model's seed file (`seed/<path>.json`) as a model edit reads it: the rows to migrate with
 * the records, and to check against the edited declaration. A missing file, or one that is not
 * a JSON array of objects, is left alone: Reset to seed reports it with its own error. One that
 * leads outside the project is a 403 (issue 40): the edit would write the migrated rows there.
 */
import { join } from 'node:path';

import type { ModelRuntime } from '../app/model-runtime.js';
import { HttpProblem } from '../errors.js';
import { readProjectFile } from '../persistence/inside-project.js';
import { SEED_FOLDER } from '../seed/seed-data.js';
import type { Row } from './migrate-rows.js';

export interface SeedRows {
  /** Absolute path. */
  readonly file: string;
  /** `seed/todos.json`. */
  readonly relative: string;
  readonly rows: readonly Row[];
}

export async function readSeedRows(
  root: string,
  runtime: ModelRuntime,
): Promise<SeedRows | undefined> {
  if (runtime.schema.dataSource !== undefined) return undefined;
  const relative = `${SEED_FOLDER}/${runtime.schema.path}.json`;
  const file = join(root, relative);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readProjectFile(root, file));
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    return undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every((r) => r !== null && typeof r === 'object'))
    return undefined;
  return { file, relative, rows: parsed as Row[] };
}
