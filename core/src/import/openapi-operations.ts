/**
 * The operations of an OpenAPI document and what they answer (issue 28): each `paths` entry's
 * methods, the success response an operation documents (its lowest 2xx status), the media type
 * it is written in, and the examples given for it (`example`, `examples`, the schema's own).
 */
import type { PlannedRoute } from './import-plan.js';
import { isObject, type JsonObject, pointerOf, resolvePointer } from './openapi-document.js';
import type { Example } from './openapi-seed.js';

export interface Operation {
  method: PlannedRoute['method'];
  /** As documented: `/pets/{petId}`. */
  path: string;
  op: JsonObject;
  /** `#/paths/~1pets/get`. */
  at: string;
  /** The path item's parameters and the operation's own (which win), `$ref`s followed. */
  parameters: JsonObject[];
}

const METHODS: Record<string, PlannedRoute['method']> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  head: 'HEAD',
  options: 'OPTIONS',
};

/** A `$ref`'d object (a path item, response, request body, example) or the object itself. */
export function followRef(root: JsonObject, value: unknown): unknown {
  let current = value;
  // Bounded: a ref chain longer than this is a cycle (refs were checked to exist).
  for (let hops = 0; hops < 32 && isObject(current) && typeof current.$ref === 'string'; hops++)
    current = resolvePointer(root, current.$ref);
  return current;
}

function parametersOf(root: JsonObject, list: unknown): JsonObject[] {
  if (!Array.isArray(list)) return [];
  return list.map((p) => followRef(root, p)).filter(isObject);
}

/** Every operation, in document order; `trace` and unknown keys are left to the caller's notes. */
export function operationsOf(root: JsonObject): { operations: Operation[]; skipped: string[] } {
  const operations: Operation[] = [];
  const skipped: string[] = [];
  for (const [path, rawItem] of Object.entries(root.paths as JsonObject)) {
    const item = followRef(root, rawItem);
    if (!isObject(item)) continue;
    const shared = parametersOf(root, item.parameters);
    for (const [key, op] of Object.entries(item)) {
      const method = METHODS[key];
      if (method && isObject(op)) {
        const own = parametersOf(root, op.parameters);
        const parameters = [
          ...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)),
          ...own,
        ];
        operations.push({ method, path, op, at: pointerOf(['paths', path, key]), parameters });
      } else if (key === 'trace') skipped.push(pointerOf(['paths', path, key]));
    }
  }
  return { operations, skipped };
}

/** The media type to read: JSON first (`application/json`, `*+json`), else the first one. */
export function mediaOf(
  root: JsonObject,
  holder: unknown,
): { type: string; media: JsonObject } | undefined {
  const content = isObject(holder) ? holder.content : undefined;
  if (!isObject(content)) return undefined;
  const types = Object.keys(content);
  const type = types.find((t) => /^application\/(.+\+)?json\b/i.test(t)) ?? types[0];
  const media = type === undefined ? undefined : followRef(root, content[type]);
  return type !== undefined && isObject(media) ? { type, media } : undefined;
}

/** The success response an operation documents: its lowest 2xx, else `default` as 200. */
export function successOf(
  root: JsonObject,
  op: JsonObject,
): { status: number; response: JsonObject; key: string } | undefined {
  const responses = isObject(op.responses) ? op.responses : {};
  const codes = Object.keys(responses)
    .filter((c) => /^2(\d\d|XX)$/i.test(c))
    .sort();
  const key = codes[0] ?? (responses.default !== undefined ? 'default' : undefined);
  if (key === undefined) return undefined;
  const response = followRef(root, responses[key]);
  if (!isObject(response)) return undefined;
  const status = /^\d+$/.test(key) ? Number(key) : key === 'default' ? 200 : Number(key[0]) * 100;
  return { status, response, key };
}

/** The examples of a media type: `example`, each of `examples` (its `value`), in that order. */
export function mediaExamples(root: JsonObject, media: JsonObject, at: string): Example[] {
  const found: Example[] = [];
  if (media.example !== undefined) found.push({ value: media.example, at: `${at}/example` });
  if (isObject(media.examples))
    for (const [name, raw] of Object.entries(media.examples)) {
      const example = followRef(root, raw);
      if (isObject(example) && example.value !== undefined)
        found.push({ value: example.value, at: `${at}/examples/${name}` });
    }
  return found;
}

/** A schema's own `example` and (JSON Schema 2020-12, OpenAPI 3.1) `examples` array. */
export function schemaExamples(root: JsonObject, schema: unknown, at: string): Example[] {
  const target = followRef(root, schema);
  if (!isObject(target)) return [];
  const found: Example[] = [];
  if (target.example !== undefined) found.push({ value: target.example, at: `${at}/example` });
  if (Array.isArray(target.examples))
    target.examples.forEach((value, i) => found.push({ value, at: `${at}/examples/${i}` }));
  return found;
}
