/**
 * Everything the endpoint inspector shows of one route, read from the project's OpenAPI
 * document: its parameters, its body's fields and example, each status with its example body,
 * and a GET's query examples (a list's conventions, a single record's includes). Every example is the document's own (issue 43: the core
 * puts one on each body and answer), so the inspector, `/openapi.json`, Swagger UI and Prism
 * show the same; the view renders this and adds nothing of its own.
 */
import type { OpenApiDocument, RouteInfo } from '../../../api';
import {
  type FieldRow,
  type Json,
  type JsonSchema,
  operationOf,
  type Parameter,
  parametersOf,
  type QueryVariant,
  refName,
  requestExampleOf,
  requestSchemaOf,
  type ResponseRow,
  responsesOf,
  rulesOf,
  schemaRows,
  typeText,
} from './openapi-read';
import { type QueryExample, queryExamples, recordQueryExamples } from './query-examples';

/** What the inspector needs of the route's model (the studio's ModelInfo fits). */
export interface ModelLike {
  name: string;
  path: string;
  relations: readonly { kind: string; field: string; target: string }[];
}

export interface ParamRow {
  name: string;
  type: string;
  rules: string[];
  description?: string;
}

export interface RequestPart {
  /** `TodoCreate`, when the schema is a named component. */
  schemaName?: string;
  required: boolean;
  contentTypes: string[];
  rows: FieldRow[];
  /** The document's example; null when it gives none (a handler's free body). */
  example: Json;
}

export interface ResponsePart {
  status: string;
  description: string;
  contentType?: string;
  headers: string[];
  /** `Todo`, `Todo[]`, `Problem`. */
  schemaName?: string;
  /** Null: the document gives no example (a 204, what a hand-mapped handler answers). */
  example: Json | null;
  /** A list's example as each include query answers it (issue 48): the document's too. */
  variants?: QueryVariant[];
  problem: boolean;
  /** Not in the operation: what `req.body(Model)` in a hand-mapped handler answers. */
  fromBinding?: boolean;
}

export interface RouteInspection {
  /** The document has an operation for the route. */
  described: boolean;
  summary: string;
  operationId?: string;
  tags: string[];
  pathParams: ParamRow[];
  request?: RequestPart;
  responses: ResponsePart[];
  /** A GET's query: a list's every convention, or a single record's includes (issue 48). */
  query?: { list: boolean; params: Parameter[]; examples: QueryExample[] };
  /**
   * A hand-mapped write at a model's path: the body the generated route would take, shown as
   * what `req.body(Model)` validates against (the operation itself takes any JSON).
   */
  binding?: { model: string; schemaName: string };
}

function paramRows(doc: OpenApiDocument, route: RouteInfo, params: Parameter[]): ParamRow[] {
  const named = [...route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  return named.map((name) => {
    const p = params.find((x) => x.name === name);
    const row: ParamRow = { name, type: typeText(doc, p?.schema), rules: rulesOf(p?.schema) };
    if (!p?.schema) row.type = 'string';
    if (p?.description) row.description = p.description;
    return row;
  });
}

function itemSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  return schema?.['type'] === 'array' ? (schema['items'] as JsonSchema) : schema;
}

export function inspectRoute(
  doc: OpenApiDocument,
  route: RouteInfo,
  model?: ModelLike,
): RouteInspection {
  const operation = operationOf(doc, route);
  const parents = new Map(
    (model?.relations ?? []).filter((r) => r.kind === 'belongTo').map((r) => [r.field, r.target]),
  );
  const out: RouteInspection = {
    described: operation !== undefined,
    summary: operation?.summary ?? '',
    tags: operation?.tags ?? [],
    pathParams: paramRows(doc, route, operation ? parametersOf(doc, operation, 'path') : []),
    responses: [],
  };
  if (operation?.operationId) out.operationId = operation.operationId;
  if (!operation) return out;

  // The core's note on a hand-mapped write at a model's path: its body is the model's.
  const binding = operation['x-decorest-binding'];
  const bindingName = binding ? refName(binding.schema) : undefined;
  if (binding && bindingName) out.binding = { model: binding.model, schemaName: bindingName };
  const bodySchema = bindingName ? binding!.schema : requestSchemaOf(operation);
  if (bodySchema && operation.requestBody) {
    const request: RequestPart = {
      required: operation.requestBody.required === true,
      contentTypes: Object.keys(operation.requestBody.content ?? {}),
      rows: schemaRows(doc, bodySchema, parents),
      example: requestExampleOf(operation) ?? null,
    };
    const name = refName(bodySchema);
    if (name) request.schemaName = name;
    out.request = request;
  }

  const rows = responsesOf(doc, operation.responses);
  const part = (r: ResponseRow, fromBinding: boolean): ResponsePart => {
    const shown: ResponsePart = {
      status: r.status,
      description: r.description,
      headers: r.headers,
      problem: r.problem,
      example: r.example ?? null,
    };
    if (r.contentType) shown.contentType = r.contentType;
    if (r.variants) shown.variants = r.variants;
    const name = r.problem ? 'Problem' : schemaName(doc, r.schema);
    if (name) shown.schemaName = name;
    if (fromBinding) shown.fromBinding = true;
    return shown;
  };
  out.responses = rows.map((r) => part(r, false));
  if (binding) {
    for (const r of responsesOf(doc, binding.responses)) {
      if (out.responses.some((x) => x.status === r.status)) continue;
      out.responses.push(part(r, true));
    }
    out.responses.sort((a, b) => a.status.localeCompare(b.status));
  }

  const params = route.method === 'GET' ? parametersOf(doc, operation, 'query') : [];
  if (params.length > 0) {
    const ok = rows.find((r) => r.status.startsWith('2'));
    const names = params.map((p) => p.name);
    // A list answers an array; `GET /users/:id` one record and reads only the includes.
    const list = ok?.schema?.['type'] === 'array';
    const first = Array.isArray(ok?.example) ? ok.example[0] : undefined;
    out.query = {
      list,
      params,
      examples: list
        ? queryExamples(doc, itemSchema(ok?.schema), names, first)
        : recordQueryExamples(doc, ok?.schema, names),
    };
  }
  return out;
}

function schemaName(doc: OpenApiDocument, schema: JsonSchema | undefined): string | undefined {
  if (!schema || Object.keys(schema).length === 0) return undefined;
  return typeText(doc, schema);
}
