/**
 * The parts of an OpenAPI import that span models (issue 28): links checked against the seed
 * (decorest refuses a seed naming a parent that does not exist), `@HasMany` member names that
 * clash with nothing, and the report lines for what a document says that decorest does not
 * serve: auth schemes, server base paths, webhooks, callbacks, query parameters and schemas no
 * collection answers.
 */
import { hasManyName } from './import-names.js';
import type { ImportNote, PlannedModel } from './import-plan.js';
import { isObject, type JsonObject, pointerOf, resolvePointer } from './openapi-document.js';

/**
 * Gives each link its `@HasMany` member and drops seed values that name no parent record (or a
 * parent id of the wrong type), reporting each.
 */
export function linkNotes(models: PlannedModel[], notes: ImportNote[]): void {
  const byName = new Map(models.map((m) => [m.name, m]));
  const used = new Map(
    models.map((m) => [
      m.name,
      new Set([
        'id',
        ...m.fields.map((f) => f.wireName ?? f.name),
        ...m.relations.map((r) => r.field),
      ]),
    ]),
  );
  for (const child of models)
    for (const relation of child.relations) {
      const parent = byName.get(relation.target)!;
      const members = used.get(parent.name)!;
      relation.hasMany = hasManyName(child.path, child.name, members);
      members.add(relation.hasMany);
      const ids = new Set(parent.seed.map((r) => r.id));
      let dropped = 0;
      for (const row of child.seed) {
        const value = row[relation.field];
        if (value === undefined) continue;
        if (typeof value !== parent.idType || !ids.has(value)) {
          delete row[relation.field];
          dropped++;
        }
      }
      if (dropped > 0)
        notes.push({
          kind: 'guess',
          at: `${child.name}.${relation.field}`,
          text: `${dropped} seed records name no ${parent.name} in the seed: the link is left empty`,
        });
    }
}

/** Every `$ref` reachable from the models' schemas (walked with a stack, each ref once). */
function reachable(root: JsonObject, schemas: readonly unknown[]): Set<string> {
  const seen = new Set<string>();
  const stack: unknown[] = [...schemas];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (isObject(value)) {
      if (typeof value.$ref === 'string' && !seen.has(value.$ref)) {
        seen.add(value.$ref);
        stack.push(resolvePointer(root, value.$ref));
      }
      stack.push(...Object.values(value));
    }
  }
  return seen;
}

/** Report lines for the document as a whole. */
export function documentNotes(root: JsonObject, modelSchemas: readonly unknown[]): ImportNote[] {
  const notes: ImportNote[] = [];
  const components = isObject(root.components) ? root.components : {};
  if (isObject(components.securitySchemes))
    for (const [name, scheme] of Object.entries(components.securitySchemes))
      notes.push({
        kind: 'not-imported',
        at: pointerOf(['components', 'securitySchemes', name]),
        text: `auth scheme ${name}${isObject(scheme) && typeof scheme.type === 'string' ? ` (${scheme.type})` : ''}: decorest answers without checking credentials`,
      });
  if (isObject(root.webhooks))
    notes.push({ kind: 'not-imported', at: '#/webhooks', text: 'webhooks are not sent' });
  for (const [path, item] of Object.entries(root.paths as JsonObject))
    if (isObject(item))
      for (const [method, op] of Object.entries(item))
        if (isObject(op) && op.callbacks !== undefined)
          notes.push({
            kind: 'not-imported',
            at: pointerOf(['paths', path, method, 'callbacks']),
            text: 'callbacks are not sent',
          });
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const used = reachable(root, modelSchemas);
  for (const name of Object.keys(schemas)) {
    const ref = pointerOf(['components', 'schemas', name]);
    if (!used.has(ref))
      notes.push({
        kind: 'not-imported',
        at: ref,
        text: `${name} is not what a collection answers: no model is made of it`,
      });
  }
  return notes;
}
