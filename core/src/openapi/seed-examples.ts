/**
 * A project's seed records as OpenAPI examples (issue 28's round trip: an OpenAPI document's
 * `example`s become seed records on import, and `decorest openapi` gives them back). The first
 * few records of `seed/<path>.json` go on each model's schema as JSON Schema `examples`.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

import type { JsonValue } from '../contract/values.js';
import type { ModelSchema } from '../model/schema.js';

/** Enough to show a record's shape and variety without repeating the seed in the document. */
export const EXAMPLES_PER_MODEL = 3;

/** A seed larger than this is not read for examples: the document must stay quick to build. */
const MAX_SEED_BYTES = 16 * 1024 * 1024;

/** Model name → its first seed records. A missing, large or malformed seed gives none. */
export async function seedExamples(
  root: string,
  models: readonly ModelSchema[],
): Promise<Map<string, JsonValue[]>> {
  const found = new Map<string, JsonValue[]>();
  await Promise.all(
    models
      .filter((m) => m.dataSource === undefined)
      .map(async (model) => {
        const file = join(root, 'seed', `${model.path}.json`);
        try {
          if ((await stat(file)).size > MAX_SEED_BYTES) return;
          const rows = JSON.parse(await readFile(file, 'utf8')) as unknown;
          if (!Array.isArray(rows)) return;
          const records = rows
            .filter((r): r is JsonValue => r !== null && typeof r === 'object' && !Array.isArray(r))
            .slice(0, EXAMPLES_PER_MODEL);
          if (records.length > 0) found.set(model.name, records);
        } catch {
          // No seed, or one `seed reset` would report: the document is built without examples.
        }
      }),
  );
  return found;
}
