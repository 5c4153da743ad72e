/**
 * Reading the project's OpenAPI document for the endpoint inspector (issue 29): a route's
 * operation, its parameters, its body schema as rows, its responses and the examples the core
 * put on each (issue 43), `$ref`s followed. Pure: the inspector renders what these answer, so
 * it shows what `/openapi.json` says, and makes up no example of its own.
 */
import type { OpenApiDocument, RouteInfo } from '../../../api';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonSchema = { [key: string]: Json };

/** One media type of a body or an answer: its schema and the document's example of it. */
export interface MediaObject {
  schema?: JsonSchema;
  example?: Json;
  /**
   * A list's answer to each include query (issue 48), by query (`embed=books`): the core's
   * extension, as OpenAPI's `examples` may not stand beside `example`.
   */
  'x-decorest-examples'?: Record<string, { summary?: string; value?: Json }>;
}

/** The example body of an answer to one query of the route (`?embed=books`). */
export interface QueryVariant {
  /** Without the `?`: `embed=books`. */
  query: string;
  summary: string;
  example: Json;
}

/**
 * The core's note on a hand-mapped write at a model's path: the model body a handler reading
 * `req.body(Model)` validates, and the problems that answers (not in the operation itself).
 */
export interface BodyBinding {
  model: string;
  schema: JsonSchema;
  responses?: Record<string, ResponseObject>;
}

export interface Operation {
  summary?: string;
  description?: string;
  operationId?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaObject> };
  responses?: Record<string, ResponseObject | { $ref: string }>;
  'x-decorest-binding'?: BodyBinding;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface ResponseObject {
  description?: string;
  headers?: Record<string, { description?: string; schema?: JsonSchema }>;
  content?: Record<string, MediaObject>;
}

/** `/todos/:id` → `/todos/{id}`, the document's spelling of a path. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** Follows a local `#/components/…` reference; anything else is answered as it is. */
export function resolve<T>(doc: OpenApiDocument, value: T | { $ref: string }): T {
  let current: unknown = value;
  for (let hops = 0; hops < 8; hops++) {
    const ref = (current as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) break;
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (at, key) =>
          at && typeof at === 'object'
            ? (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')]
            : undefined,
        doc,
      );
  }
  return current as T;
}

/** The name a `#/components/schemas/Name` reference points at. */
export function refName(schema: unknown): string | undefined {
  const ref = (schema as { $ref?: unknown } | null)?.$ref;
  return typeof ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1] : undefined;
}

/** The document's operation for a route of the studio's list, if it describes it. */
export function operationOf(doc: OpenApiDocument, route: Pick<RouteInfo, 'method' | 'path'>) {
  const item = doc.paths[openApiPath(route.path)] as Record<string, Operation> | undefined;
  return item?.[route.method.toLowerCase()];
}

/** A schema's type as one would read it: `integer | null`, `Todo[]`, `id of User`. */
export function typeText(doc: OpenApiDocument, schema: JsonSchema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  const name = refName(schema);
  if (name) return name;
  const anyOf = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (Array.isArray(anyOf)) return [...new Set(anyOf.map((s) => typeText(doc, s)))].join(' | ');
  const type = schema['type'];
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'array') return `${typeText(doc, schema['items'] as JsonSchema | undefined)}[]`;
  if (schema['enum']) return 'enum';
  return typeof type === 'string' ? type : 'any';
}

/** The rules a schema carries, as the validator would word them (`min length 3`). */
export function rulesOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const out: string[] = [];
  const at = (key: string) => schema[key];
  if (at('format') !== undefined) out.push(`format ${String(at('format'))}`);
  if (at('minLength') !== undefined) out.push(`min length ${String(at('minLength'))}`);
  if (at('maxLength') !== undefined) out.push(`max length ${String(at('maxLength'))}`);
  if (at('minimum') !== undefined) out.push(`≥ ${String(at('minimum'))}`);
  if (at('exclusiveMinimum') !== undefined) out.push(`> ${String(at('exclusiveMinimum'))}`);
  if (at('maximum') !== undefined) out.push(`≤ ${String(at('maximum'))}`);
  if (at('exclusiveMaximum') !== undefined) out.push(`< ${String(at('exclusiveMaximum'))}`);
  if (at('pattern') !== undefined) out.push(`pattern /${String(at('pattern'))}/`);
  if (Array.isArray(at('enum')))
    out.push(`one of ${(at('enum') as Json[]).map((v) => JSON.stringify(v)).join(', ')}`);
  if (at('minItems') !== undefined) out.push(`at least ${String(at('minItems'))} items`);
  if (at('maxItems') !== undefined) out.push(`at most ${String(at('maxItems'))} items`);
  if (at('default') !== undefined) out.push(`default ${JSON.stringify(at('default'))}`);
  if (at('readOnly') === true) out.push('read-only');
  return out;
}

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  nullable: boolean;
  rules: string[];
  description?: string;
  /** A relation: the parent model whose id the field takes. */
  parent?: string;
}

/**
 * The fields of an object schema, in the document's order. `parents` names the model a
 * relation field points at (a `@BelongTo`): its value is that model's id.
 */
export function schemaRows(
  doc: OpenApiDocument,
  schema: JsonSchema | undefined,
  parents: ReadonlyMap<string, string> = new Map(),
): FieldRow[] {
  const object = schema && resolve<JsonSchema>(doc, schema);
  const properties = object?.['properties'] as Record<string, JsonSchema> | undefined;
  if (!object || !properties) return [];
  const required = new Set((object['required'] as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, raw]) => {
    const field = resolve<JsonSchema>(doc, raw);
    const variants = (field['anyOf'] as JsonSchema[] | undefined) ?? [field];
    const types = variants.flatMap((v) => (Array.isArray(v['type']) ? v['type'] : [v['type']]));
    const nullable = types.includes('null');
    const parent = parents.get(name);
    // The rules of the variant that carries them (a nullable field is `anyOf [rules, null]`).
    const ruled = variants.find((v) => v['type'] !== 'null') ?? field;
    const row: FieldRow = {
      name,
      type: parent ? `id of ${parent}` : typeText(doc, field).replace(/ \| null$/, ''),
      required: required.has(name),
      nullable,
      rules: parent ? [] : rulesOf(ruled === field ? field : { ...ruled, ...field }),
    };
    if (typeof field['description'] === 'string') row.description = field['description'];
    if (parent) row.parent = parent;
    return row;
  });
}

export interface ResponseRow {
  status: string;
  description: string;
  /** `application/json`, `application/problem+json`, or none (a 204). */
  contentType?: string;
  schema?: JsonSchema;
  /** The document's example of the body; absent when it gives none. */
  example?: Json;
  /** The example as each include query answers it (a list's 2xx), in the document's order. */
  variants?: QueryVariant[];
  headers: string[];
  problem: boolean;
}

function variantsOf(media: MediaObject | undefined): QueryVariant[] {
  return Object.entries(media?.['x-decorest-examples'] ?? {}).flatMap(([query, v]) =>
    v && v.value !== undefined ? [{ query, summary: v.summary ?? '', example: v.value }] : [],
  );
}

/** Every status of `responses` (an operation's, or a binding's), lowest first, references followed. */
export function responsesOf(
  doc: OpenApiDocument,
  responses: Operation['responses'] = {},
): ResponseRow[] {
  return Object.entries(responses)
    .map(([status, raw]) => {
      const response = resolve<ResponseObject>(doc, raw) ?? {};
      const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
      const row: ResponseRow = {
        status,
        description: response.description ?? '',
        headers: Object.keys(response.headers ?? {}),
        problem: contentType === 'application/problem+json' || Number(status) >= 400,
      };
      if (contentType) row.contentType = contentType;
      if (media?.schema) row.schema = media.schema;
      if (media?.example !== undefined) row.example = media.example;
      const variants = variantsOf(media);
      if (variants.length > 0) row.variants = variants;
      return row;
    })
    .sort((a, b) => a.status.localeCompare(b.status));
}

/** The operation's parameters of one place (`path`, `query`). */
export function parametersOf(
  doc: OpenApiDocument,
  operation: Operation,
  where: Parameter['in'],
): Parameter[] {
  return (operation.parameters ?? [])
    .map((p) => resolve<Parameter>(doc, p))
    .filter((p) => p.in === where);
}

/** The request body's media type (JSON first), when the operation takes one. */
function requestMediaOf(operation: Operation): MediaObject | undefined {
  const content = operation.requestBody?.content;
  if (!content) return undefined;
  return content['application/json'] ?? Object.values(content)[0];
}

/** The request body's schema (JSON first), when the operation takes one. */
export function requestSchemaOf(operation: Operation): JsonSchema | undefined {
  return requestMediaOf(operation)?.schema;
}

/** The document's example of the request body, when it gives one. */
export function requestExampleOf(operation: Operation): Json | undefined {
  return requestMediaOf(operation)?.example;
}

/** The component schema a name points at, for a model's `Todo`, `TodoCreate` … */
export function componentSchema(doc: OpenApiDocument, name: string): JsonSchema | undefined {
  const components = doc['components'] as { schemas?: Record<string, JsonSchema> } | undefined;
  return components?.schemas?.[name];
}
