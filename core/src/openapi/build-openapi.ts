/**
 * The OpenAPI 3.1 document of a project's routes, generated and manual, from the same JSON
 * Schemas the validators use (issue 4: they cannot drift apart).
 */
import { DB_RECORD_LIMIT } from '../app/home-index.js';
import type { ModelRuntime } from '../app/model-runtime.js';
import { LIMIT_HEADER, MAX_LIST_LIMIT } from '../contract/collection-controls.js';
import type { JsonValue } from '../contract/values.js';
import type { RouteDefinition } from '../http/types.js';
import { withArticle } from '../model/naming.js';
import type { ModelSchema } from '../model/schema.js';
import {
  idJsonSchema,
  type JsonSchema,
  recordJsonSchema,
  writeJsonSchema,
} from '../validation/json-schema.js';
import { VERSION } from '../version.js';
import type { ExampleRecords } from './example-records.js';
import { addExamples } from './operation-examples.js';
import { listParameters, recordParameters } from './query-parameters.js';
import { refusedWriteOf, refuseOperation } from './refused-writes.js';

type Operation = Record<string, unknown>;

const PROBLEM_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    message: { type: 'string', description: 'the same text as detail' },
    instance: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'message'],
      },
    },
  },
  required: ['type', 'title', 'status', 'detail', 'instance'],
};

const PROBLEM_TEXT: Record<string, string> = {
  '400': 'Malformed JSON, id or query parameter',
  '404': 'No such record or route',
  '405': 'Method not allowed, or not supported by the datasource',
  '409': 'The id is taken',
  '413': 'Body over 1 MiB',
  '415': 'Body is not JSON',
  '422': 'The body breaks the model rules; every invalid field is listed',
  '500': 'The handler failed',
};

function problemResponses(statuses: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of statuses) out[s] = { $ref: `#/components/responses/Problem${s}` };
  return out;
}

const toOpenApiPath = (path: string): string => path.replace(/:([^/]+)/g, '{$1}');
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

function pathParameters(path: string, model: ModelSchema | undefined): unknown[] {
  return [...path.matchAll(/:([^/]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: m[1] === 'id' && model ? idJsonSchema(model) : { type: 'string' },
  }));
}

/** A collection GET: every query control, the array, `X-Total-Count`. */
function listOperation(
  summary: string,
  pathParams: unknown[],
  itemModel: string,
  item: ModelSchema | undefined,
  description: string,
  failures: readonly string[],
): Operation {
  return {
    summary,
    parameters: [...pathParams, ...listParameters(item)],
    responses: {
      '200': {
        description,
        headers: {
          'X-Total-Count': {
            schema: { type: 'integer' },
            description: 'matches before limit and offset',
          },
          [LIMIT_HEADER]: {
            schema: { type: 'string' },
            description: `sent when a limit above ${MAX_LIST_LIMIT} was clamped: \`${MAX_LIST_LIMIT}; requested=<n>\``,
          },
        },
        content: { 'application/json': { schema: { type: 'array', items: ref(itemModel) } } },
      },
      ...problemResponses(failures),
    },
  };
}

function generatedOperation(
  route: RouteDefinition,
  model: ModelSchema,
  models: readonly ModelSchema[],
): Operation {
  const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
  const name = model.name;
  const params = pathParameters(route.path, model);
  switch (route.operation) {
    case 'list':
      return listOperation(
        `List ${model.path}`,
        [],
        name,
        model,
        `${name} records in ascending id order`,
        ['400'],
      );
    case 'get':
      return {
        summary: `Get one ${name}`,
        // What the by-id GET reads of the query: the relations to include (issue 48).
        parameters: [...params, ...recordParameters(model)],
        responses: {
          '200': { description: `The ${name}`, content: json(ref(name)) },
          ...problemResponses(['400', '404']),
        },
      };
    case 'create':
      return {
        summary: `Create ${withArticle(name)}`,
        requestBody: { required: true, content: json(ref(`${name}Create`)) },
        responses: {
          '201': {
            description: `The stored ${name}`,
            headers: { Location: { schema: { type: 'string' } } },
            content: json(ref(name)),
          },
          ...problemResponses(['400', '409', '413', '415', '422']),
        },
      };
    case 'replace':
      return {
        summary: `Replace ${withArticle(name)}`,
        parameters: params,
        requestBody: { required: true, content: json(ref(`${name}Replace`)) },
        responses: {
          '200': { description: `The stored ${name}`, content: json(ref(name)) },
          ...problemResponses(['400', '404', '413', '415', '422']),
        },
      };
    case 'patch':
      return {
        summary: `Change some fields of ${withArticle(name)} (JSON Merge Patch)`,
        parameters: params,
        requestBody: {
          required: true,
          content: {
            ...json(ref(`${name}Patch`)),
            'application/merge-patch+json': { schema: ref(`${name}Patch`) },
          },
        },
        responses: {
          '200': { description: `The stored ${name}`, content: json(ref(name)) },
          ...problemResponses(['400', '404', '413', '415', '422']),
        },
      };
    case 'delete':
      return {
        summary: `Delete ${withArticle(name)}`,
        parameters: params,
        responses: {
          '200': { description: `The deleted ${name}`, content: json(ref(name)) },
          ...problemResponses(['400', '404']),
        },
      };
    default:
      if (route.operation?.startsWith('relation-create ')) {
        // POST /users/:id/todos: a todo whose link is the user the path names.
        const child = route.operation.slice('relation-create '.length);
        return {
          summary: `Create ${withArticle(child)} of one ${name}`,
          parameters: params,
          requestBody: { required: true, content: json(ref(`${child}Create`)) },
          responses: {
            '201': {
              description: `The stored ${child}, linked to the ${name}`,
              headers: { Location: { schema: { type: 'string' } } },
              content: json(ref(child)),
            },
            ...problemResponses(['400', '404', '409', '413', '415', '422']),
          },
        };
      }
      if (route.operation?.startsWith('relation ')) {
        // GET /users/:id/todos: the child's list, scoped to one parent.
        const child = route.operation.slice('relation '.length);
        return listOperation(
          `List the ${child} records of one ${name}`,
          params,
          child,
          models.find((m) => m.name === child),
          `${child} records of the ${name}, ascending id order`,
          ['400', '404'],
        );
      }
      return {
        summary: route.operation ?? 'Generated route',
        parameters: params,
        responses: { '200': { description: 'OK' }, ...problemResponses(['400', '404']) },
      };
  }
}

/** json-server's `GET /db` and `GET /` (project/home-routes.ts). */
function homeOperation(route: RouteDefinition): Operation | undefined {
  const answer = (summary: string, description: string, failures: string[]): Operation => ({
    summary,
    responses: {
      '200': { description, content: { 'application/json': { schema: { type: 'object' } } } },
      ...problemResponses(failures),
    },
  });
  // `/db` refuses a database past its record bound; the index answers whatever it is asked.
  if (route.operation === 'database')
    return answer(
      'The whole database, as json-server answers GET /db',
      'Every collection by path, and what each GET /name route of the app answers',
      ['400'],
    );
  if (route.operation === 'index')
    return answer(
      'An index of the routes',
      'The resources, /db, /openapi.json and every route',
      [],
    );
  return undefined;
}

function manualOperation(route: RouteDefinition): Operation {
  const operation: Operation = {
    summary: `Hand-mapped handler`,
    parameters: pathParameters(route.path, undefined),
    responses: {
      '200': {
        description: 'What the handler answers',
        content: { 'application/json': { schema: {} } },
      },
      ...problemResponses(['500']),
    },
  };
  if (route.method !== 'GET' && route.method !== 'DELETE') {
    operation.requestBody = { required: false, content: { 'application/json': { schema: {} } } };
  }
  return operation;
}

/** The document's own route is not part of the API it describes. */
export const isOpenApiRoute = (r: RouteDefinition): boolean =>
  r.origin === 'generated' && r.operation === 'openapi';

/** What the document's examples are made of. */
export interface OpenApiExamples {
  /** Model name → its seed records, also shown on the model's schema as JSON Schema `examples`. */
  readonly seeded: ReadonlyMap<string, readonly JsonValue[]>;
  /** The records every operation's examples show (seed, else made up). */
  readonly records: ExampleRecords;
}

/**
 * Builds the document for a route table (its own `/openapi.json` left out) and the models
 * behind it, every operation with examples of its bodies and problems (issue 43).
 *
 * @example
 * ```ts
 * const doc = buildOpenApi('todo', table.routes, runtimes, { seeded, records });
 * doc.paths['/todos'].post.requestBody.content['application/json'].example; // { content: … }
 * ```
 */
export function buildOpenApi(
  title: string,
  table: readonly RouteDefinition[],
  runtimes: readonly ModelRuntime[],
  examples: OpenApiExamples,
): Record<string, unknown> {
  const routes = table.filter((r) => !isOpenApiRoute(r));
  const context = {
    runtimes: new Map(runtimes.map((r) => [r.schema.name, r])),
    records: examples.records,
    routes: table,
    databaseLimit: DB_RECORD_LIMIT,
  };
  const models = runtimes.map((r) => r.schema);
  const idsOf = (name: string): JsonSchema => {
    const m = models.find((x) => x.name === name);
    return m ? idJsonSchema(m) : { type: ['integer', 'string'] };
  };
  const schemas: Record<string, JsonSchema> = { Problem: PROBLEM_SCHEMA };
  for (const m of models) {
    schemas[m.name] = recordJsonSchema(m, idsOf);
    const shown = examples.seeded.get(m.name);
    if (shown?.length) schemas[m.name] = { ...schemas[m.name], examples: [...shown] };
    schemas[`${m.name}Create`] = writeJsonSchema(m, 'create', idsOf);
    schemas[`${m.name}Replace`] = writeJsonSchema(m, 'replace', idsOf);
    schemas[`${m.name}Patch`] = writeJsonSchema(m, 'patch', idsOf);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(PROBLEM_TEXT)) {
    responses[`Problem${status}`] = {
      description,
      content: { 'application/problem+json': { schema: ref('Problem') } },
    };
  }
  const paths: Record<string, Record<string, Operation>> = {};
  routes.forEach((route, i) => {
    const model =
      route.model === undefined ? undefined : models.find((m) => m.name === route.model);
    const op =
      route.origin === 'generated' && model
        ? generatedOperation(route, model, models)
        : ((route.origin === 'generated' ? homeOperation(route) : undefined) ??
          manualOperation(route));
    const refused = refusedWriteOf(route, context.runtimes);
    if (refused) refuseOperation(op, refused);
    addExamples(op, route, context, PROBLEM_TEXT, refused);
    op.operationId = `${route.method.toLowerCase()}${i}_${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`;
    op.tags = [route.model ?? 'manual'];
    (paths[toOpenApiPath(route.path)] ??= {})[route.method.toLowerCase()] = op;
  });
  return {
    openapi: '3.1.0',
    info: { title, version: VERSION },
    paths,
    components: { schemas, responses },
  };
}
