/**
 * A project's seed records as OpenAPI examples (issue 28's round trip: an OpenAPI document's
 * `example`s become seed records on import, and `decorest openapi` gives them back). The first
 * few records of `seed/<path>.json` go on each model's schema as JSON Schema `examples`.
 */
import { join } from 'node:path';

import type { JsonValue } from '../contract/values.js';
import type { ModelSchema } from '../model/schema.js';
import { openInsideProject } from '../persistence/inside-project.js';

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
          // Issue 40: a seed leading outside the project is refused (and so gives none).
          const handle = await openInsideProject(root, file);
          let text: string;
          try {
            if ((await handle.stat()).size > MAX_SEED_BYTES) return;
            text = await handle.readFile('utf8');
          } finally {
            await handle.close();
          }
          const rows = JSON.parse(text) as unknown;
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
