/**
 * First launch: a project's `seed/<path>.json` files (one JSON array per default-datasource
 * model) are imported when its data folder did not exist yet, so the example opens with
 * records. Parents are imported before their children, through the write path, so relations
 * are checked as for any client's write.
 */
import { join } from 'node:path';

import type { ModelRuntime } from '../app/model-runtime.js';
import { importRecords } from '../app/write/record-import.js';
import { HttpProblem } from '../errors.js';
import { readProjectFile } from '../persistence/inside-project.js';
import type { ProjectRuntime } from '../project/open-project.js';

/** Models ordered so every `@BelongTo` parent comes before its children. */
function parentsFirst(models: readonly ModelRuntime[]): ModelRuntime[] {
  const ordered: ModelRuntime[] = [];
  const seen = new Set<ModelRuntime>();
  const visit = (model: ModelRuntime, path: Set<ModelRuntime>): void => {
    if (seen.has(model) || path.has(model)) return; // a cycle: its order is as good as any
    path.add(model);
    for (const parent of model.parents.values()) visit(parent, path);
    path.delete(model);
    seen.add(model);
    ordered.push(model);
  };
  for (const model of models) visit(model, new Set());
  return ordered;
}

/** One line per seed file that could not be imported; the project opens either way. */
export async function seedProject(project: ProjectRuntime): Promise<string[]> {
  const warnings: string[] = [];
  const writable = project.runtimes.filter((r) => r.schema.dataSource === undefined);
  for (const model of parentsFirst(writable)) {
    const file = join(project.root, 'seed', `${model.schema.path}.json`);
    let text: string;
    try {
      text = await readProjectFile(project.root, file);
    } catch (error) {
      // Issue 40: a link leading outside the project is said, never imported.
      if (error instanceof HttpProblem)
        warnings.push(`seed ${file} was not imported: ${error.detail}`);
      continue; // otherwise: no seed for this model
    }
    try {
      await importRecords(model, JSON.parse(text) as unknown);
    } catch (error) {
      const detail =
        error instanceof HttpProblem
          ? `${error.detail}${error.errors ? ` (${error.errors.map((e) => `${e.field}: ${e.message}`).join('; ')})` : ''}`
          : error instanceof Error
            ? error.message
            : String(error);
      warnings.push(`seed ${file} was not imported: ${detail}`);
    }
  }
  return warnings;
}
