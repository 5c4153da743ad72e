/** Lookups into an import plan, for the tests of the importers that read one. */
import type { ImportPlan, PlannedModel } from '../import-plan.js';

/** The planned model `name`; a test fails naming the models there are when it is missing. */
export const model = (plan: ImportPlan, name: string): PlannedModel => {
  const found = plan.models.find((m) => m.name === name);
  if (!found) throw new Error(`no model ${name} in ${plan.models.map((m) => m.name).join(', ')}`);
  return found;
};

/** The notes of the plan about one place (`Post`, `Post.title`, `posts.id`, `/posts/1`). */
export const notesAt = (plan: ImportPlan, at: string) => plan.notes.filter((n) => n.at === at);
