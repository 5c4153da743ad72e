/** Model edits as the tests send them to a studio's control API. */
import type { ModelEdit, ModelEditPreview } from '../../contract/control-api.js';

/** The example's Todo.content renamed to `title`, records migrated: the edit most tests make. */
export const RENAME_CONTENT: ModelEdit = {
  kind: 'renameField',
  model: 'Todo',
  field: 'content',
  to: 'title',
  migrate: true,
};

/** Each previewed file's hash, as an apply sends them back. */
export function hashesOf(preview: ModelEditPreview): Record<string, string | null> {
  return Object.fromEntries(preview.files.map((f) => [f.file, f.hash]));
}
