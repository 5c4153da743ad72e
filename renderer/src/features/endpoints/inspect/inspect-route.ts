/**
 * Everything the endpoint inspector shows of one route, read from the project's OpenAPI
 * document: its parameters, its body's fields and an example, each status with an example
 * body, and a list route's query examples. The view renders this and adds nothing of its own.
 */
import type { OpenApiDocument, RouteInfo } from '../../../api';
import { type Problem, problemExample, successExample } from './examples';
import {
  componentSchema,
  type FieldRow,
  type Json,
  type JsonSchema,
  operationOf,
  type Parameter,
  parametersOf,
  refName,
  requestSchemaOf,
  responsesOf,
  rulesOf,
  schemaRows,
  typeText,
} from './openapi-read';
import { type QueryExample, queryExamples } from './query-examples';
import { fillPath } from './snippets';

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
  example: Json;
}

export interface ResponsePart {
  status: string;
  description: string;
  contentType?: string;
  headers: string[];
  /** `Todo`, `Todo[]`, `Problem`. */
  schemaName?: string;
  /** Null: the document says nothing of the body (a 204, a hand-mapped handler's answer). */
  example: Json | Problem | null;
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
  query?: { params: Parameter[]; examples: QueryExample[] };
  /**
   * A hand-mapped write at a model's path: the body the generated route would take, shown as
   * what `req.body(Model)` validates against (the operation itself takes any JSON).
   */
  binding?: { model: string; schemaName: string };
}

const WRITE_SCHEMA: Record<string, string> = { POST: 'Create', PUT: 'Replace', PATCH: 'Patch' };
const BINDING_STATUSES = ['400', '415', '422'];

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
  sample?: Record<string, Json>,
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

  let bodySchema = requestSchemaOf(operation);
  const emptyBody = !bodySchema || Object.keys(bodySchema).length === 0;
  const standIn = model ? `${model.name}${WRITE_SCHEMA[route.method] ?? ''}` : '';
  if (
    route.kind === 'manual' &&
    model &&
    WRITE_SCHEMA[route.method] &&
    emptyBody &&
    componentSchema(doc, standIn)
  ) {
    bodySchema = { $ref: `#/components/schemas/${standIn}` };
    out.binding = { model: model.name, schemaName: standIn };
  }
  if (bodySchema && operation.requestBody) {
    const request: RequestPart = {
      required: operation.requestBody.required === true,
      contentTypes: Object.keys(operation.requestBody.content ?? {}),
      rows: schemaRows(doc, bodySchema, parents),
      example:
        route.method === 'PATCH'
          ? patchExample(doc, bodySchema, model, sample)
          : writeExample(doc, bodySchema, sample),
    };
    const name = refName(bodySchema);
    if (name) request.schemaName = name;
    out.request = request;
  }

  const list = route.method === 'GET' && parametersOf(doc, operation, 'query').length > 0;
  const make = (status: string, row: Omit<ResponsePart, 'status' | 'example'>): ResponsePart => {
    const code = Number(status);
    const part: ResponsePart = { status, ...row, example: null };
    if (row.problem) {
      const ids = code === 404 ? { id: '999' } : { id: '1' };
      const context = {
        status: code,
        instance: fillPath(route.path, ids),
        method: route.method,
        list,
        ...(model ? { model: model.name } : {}),
        ...(bodySchema ? { bodySchema } : {}),
      };
      part.example = problemExample(doc, context);
    }
    return part;
  };
  for (const r of responsesOf(doc, operation)) {
    const part = make(r.status, {
      description: r.description,
      headers: r.headers,
      problem: r.problem,
      ...(r.contentType ? { contentType: r.contentType } : {}),
    });
    const name = r.problem ? 'Problem' : schemaName(doc, r.schema);
    if (name) part.schemaName = name;
    if (!r.problem && r.schema && Object.keys(r.schema).length > 0)
      part.example = successExample(doc, r.schema, sample);
    out.responses.push(part);
  }
  if (out.binding) {
    for (const status of BINDING_STATUSES) {
      if (out.responses.some((r) => r.status === status)) continue;
      const part = make(status, {
        description:
          status === '422'
            ? `The body breaks the ${out.binding.model} rules; every invalid field is listed`
            : status === '415'
              ? 'Body is not JSON'
              : 'Malformed JSON body',
        headers: [],
        problem: true,
        contentType: 'application/problem+json',
        fromBinding: true,
      });
      part.schemaName = 'Problem';
      out.responses.push(part);
    }
    out.responses.sort((a, b) => a.status.localeCompare(b.status));
  }

  if (list) {
    const params = parametersOf(doc, operation, 'query');
    const ok = out.responses.find((r) => r.status.startsWith('2'));
    const okSchema = ok && responsesOf(doc, operation).find((r) => r.status === ok.status)?.schema;
    out.query = {
      params,
      examples: queryExamples(
        doc,
        itemSchema(okSchema),
        params.map((p) => p.name),
      ),
    };
  }
  return out;
}

function schemaName(doc: OpenApiDocument, schema: JsonSchema | undefined): string | undefined {
  if (!schema || Object.keys(schema).length === 0) return undefined;
  return typeText(doc, schema);
}

/** A create or replace body: the fake-data sample, else a seed record without its id. */
function writeExample(
  doc: OpenApiDocument,
  schema: JsonSchema,
  sample?: Record<string, Json>,
): Json {
  const fields = new Set(schemaRows(doc, schema).map((r) => r.name));
  if (sample) return Object.fromEntries(Object.entries(sample).filter(([k]) => fields.has(k)));
  const name = refName(schema)?.replace(/(Create|Replace|Patch)$/, '');
  const seed = name ? successExample(doc, { $ref: `#/components/schemas/${name}` }) : null;
  if (seed && typeof seed === 'object' && !Array.isArray(seed))
    return Object.fromEntries(
      Object.entries(seed).filter(([k]) => k !== 'id' && fields.has(k) && !k.startsWith('_')),
    );
  return successExample(doc, schema);
}

/** A PATCH changes some fields: the first writable one of the create example. */
function patchExample(
  doc: OpenApiDocument,
  schema: JsonSchema,
  model: ModelLike | undefined,
  sample?: Record<string, Json>,
): Json {
  const full = writeExample(doc, schema, sample);
  if (!full || typeof full !== 'object' || Array.isArray(full)) return {};
  const parents = new Set(model?.relations.map((r) => r.field));
  const first = Object.entries(full).find(([k]) => k !== 'id' && !parents.has(k));
  return first ? { [first[0]]: first[1] } : {};
}
