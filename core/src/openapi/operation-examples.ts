/**
 * Examples on every operation of the document (issue 43): the request body, each 2xx answer and
 * each problem, so Swagger UI, Prism, generated clients and the studio's endpoint inspector all
 * show the same bodies. Records come from {@link ExampleRecords} (seed, else made up), problems
 * from the code that answers them ({@link problemExample}).
 */
import { homeIndex } from '../app/home-index.js';
import type { ModelRuntime } from '../app/model-runtime.js';
import type { JsonValue } from '../contract/values.js';
import type { HttpProblem } from '../errors.js';
import type { RouteDefinition } from '../http/types.js';
import type { ExampleRecord, ExampleRecords } from './example-records.js';
import { includeExamples, QUERY_EXAMPLES_KEY, type QueryExamples } from './include-examples.js';
import { type BodyContext, type ProblemContext, problemExample } from './problem-examples.js';

type Operation = Record<string, unknown>;

/** What every operation's examples are drawn from. */
export interface ExampleContext {
  readonly runtimes: ReadonlyMap<string, ModelRuntime>;
  readonly records: ExampleRecords;
  /** The route table the document describes, for `GET /`'s and `GET /db`'s answers. */
  readonly routes: readonly RouteDefinition[];
  /** The most records `GET /db` answers with. */
  readonly databaseLimit: number;
}

/** What one operation shows: its body, its success body, and what its problems are made of. */
interface OperationExamples {
  body?: JsonValue;
  success?: JsonValue;
  /** A GET's success body as each `embed`/`_expand` query answers it (issue 48). */
  variants?: QueryExamples;
  problems: ProblemContext;
}

const WRITE_SHAPES = { POST: 'create', PUT: 'replace', PATCH: 'patch' } as const;

/** A record as a write sends it: its declared fields and links, never the id or children. */
export function writeBody(runtime: ModelRuntime, record: ExampleRecord): ExampleRecord {
  const { fields, relations, open } = runtime.schema;
  const children = new Set(relations.filter((r) => r.kind === 'hasMany').map((r) => r.field));
  const declared = new Set([
    ...fields.map((f) => f.name),
    ...relations.filter((r) => r.kind === 'belongTo').map((r) => r.field),
  ]);
  return Object.fromEntries(
    Object.entries(record).filter(
      ([key]) => key !== 'id' && !children.has(key) && (open === true || declared.has(key)),
    ),
  );
}

/** A PATCH changes one field: the first the model declares, to the next record's value. */
function patchBody(runtime: ModelRuntime, records: readonly ExampleRecord[]): ExampleRecord {
  const [first, second] = records;
  for (const field of runtime.schema.fields) {
    const value = second?.[field.name] ?? first?.[field.name];
    if (value !== undefined) return { [field.name]: value };
  }
  return {};
}

/** The body and answer of a write of `runtime` at a path naming `record` (if any). */
function writeExamples(
  ctx: ExampleContext,
  runtime: ModelRuntime,
  shape: BodyContext['shape'],
): { body: ExampleRecord; success: ExampleRecord; context: BodyContext } {
  const records = ctx.records.of(runtime.schema.name);
  const existing = records[0]!;
  const body = shape === 'patch' ? patchBody(runtime, records) : writeBody(runtime, existing);
  const success = { ...existing, ...body };
  return { body, success, context: { runtime, shape, valid: body, existing } };
}

function recordAt(ctx: ExampleContext, runtime: ModelRuntime): ProblemContext['record'] {
  return { runtime, id: ctx.records.firstId(runtime.schema.name) };
}

/** A child's records as its parent's relation list answers them: linked to that parent. */
function childrenOf(
  ctx: ExampleContext,
  parent: ModelRuntime,
  child: ModelRuntime,
): { inverse: string; records: ExampleRecord[] } {
  const inverse =
    [...parent.children.values()].find((c) => c.runtime === child)?.inverse ?? 'parentId';
  const id = ctx.records.firstId(parent.schema.name);
  return {
    inverse,
    records: ctx.records.of(child.schema.name).map((r) => ({ ...r, [inverse]: id })),
  };
}

function generatedExamples(
  ctx: ExampleContext,
  route: RouteDefinition,
  runtime: ModelRuntime,
): OperationExamples {
  const base = { method: route.method, path: route.path };
  const records = ctx.records.of(runtime.schema.name);
  const record = recordAt(ctx, runtime);
  switch (route.operation) {
    case 'list':
      return {
        success: [...records],
        variants: includeExamples(runtime, records, ctx.records),
        problems: { ...base, list: runtime },
      };
    case 'get':
      return {
        success: records[0]!,
        variants: includeExamples(runtime, records[0]!, ctx.records),
        problems: { ...base, record },
      };
    case 'delete':
      return { success: records[0]!, problems: { ...base, record } };
    case 'create':
    case 'replace':
    case 'patch': {
      const w = writeExamples(ctx, runtime, route.operation);
      return { body: w.body, success: w.success, problems: { ...base, record, body: w.context } };
    }
  }
  const [kind, childName] = (route.operation ?? '').split(' ');
  const child = childName === undefined ? undefined : ctx.runtimes.get(childName);
  if (!child) return { problems: { ...base, record } };
  const { inverse, records: children } = childrenOf(ctx, runtime, child);
  if (kind === 'relation')
    return {
      success: children,
      variants: includeExamples(child, children, ctx.records),
      problems: { ...base, record, list: child },
    };
  if (kind === 'relation-create') {
    // The body's link is the parent the path names (the schema asks for it; the path sets it).
    const body = writeBody(child, children[0]!);
    const context: BodyContext = {
      runtime: child,
      shape: 'create',
      valid: body,
      existing: children[0]!,
      fixed: inverse,
    };
    return { body, success: children[0]!, problems: { ...base, record, body: context } };
  }
  return { problems: { ...base, record } };
}

/** `GET /db` and `GET /`: what they answer for this route table. */
function homeExamples(ctx: ExampleContext, route: RouteDefinition): OperationExamples {
  const base = { method: route.method, path: route.path };
  if (route.operation !== 'index' && route.operation !== 'database') return { problems: base };
  const prefix = route.path.replace(/\/(db)?$/, '');
  const index = homeIndex(ctx.routes, prefix);
  if (route.operation === 'index') return { success: { ...index }, problems: base };
  const db: Record<string, JsonValue> = {};
  let firstList: string | undefined;
  for (const r of ctx.routes) {
    if (r.origin !== 'generated' || r.operation !== 'list' || !index.resources.includes(r.path))
      continue;
    firstList ??= r.path;
    db[r.path.slice(prefix.length + 1)] = [...ctx.records.of(r.model ?? '')];
  }
  const database = { limit: ctx.databaseLimit, ...(firstList ? { firstList } : {}) };
  return { success: db, problems: { ...base, database } };
}

/** The model a hand-mapped path is at: its last segment that is a model's path. */
function modelOfPath(ctx: ExampleContext, path: string): ModelRuntime | undefined {
  for (const segment of path.split('/').reverse()) {
    const found = [...ctx.runtimes.values()].find((r) => r.schema.path === segment);
    if (found) return found;
  }
  return undefined;
}

/**
 * A hand-mapped write at a model's path (`POST /todos` in place of the generated one): the
 * document takes any JSON, so the model's body is shown as an example, and what the handler
 * would answer if it reads `req.body(Model)` goes in `x-decorest-binding`.
 */
function manualExamples(
  ctx: ExampleContext,
  route: RouteDefinition,
  op: Operation,
): OperationExamples {
  const base = { method: route.method, path: route.path };
  const shape = WRITE_SHAPES[route.method as keyof typeof WRITE_SHAPES];
  const runtime = shape ? modelOfPath(ctx, route.path) : undefined;
  if (!shape || !runtime) return { problems: base };
  const w = writeExamples(ctx, runtime, shape);
  const problems: ProblemContext = {
    ...base,
    record: recordAt(ctx, runtime),
    body: w.context,
  };
  const responses: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(BINDING_PROBLEMS))
    responses[status] = problemResponse(description, Number(status), problems);
  op['x-decorest-binding'] = {
    model: runtime.schema.name,
    schema: { $ref: `#/components/schemas/${runtime.schema.name}${SCHEMA_SUFFIX[shape]}` },
    responses,
  };
  return { body: w.body, problems };
}

const SCHEMA_SUFFIX = { create: 'Create', replace: 'Replace', patch: 'Patch' } as const;

/** What `req.body(Model)` answers besides the handler's own answers. */
const BINDING_PROBLEMS: Record<string, string> = {
  '400': 'Malformed JSON body',
  '415': 'Body is not JSON',
  '422': 'The body breaks the model rules; every invalid field is listed',
};

/** A problem answer with its example (none when nothing here can make it). */
function problemResponse(description: string, status: number, ctx: ProblemContext): unknown {
  const example = problemExample(status, ctx);
  return {
    description,
    content: {
      'application/problem+json': {
        schema: { $ref: '#/components/schemas/Problem' },
        ...(example ? { example } : {}),
      },
    },
  };
}

type Media = { schema?: unknown; example?: unknown; [QUERY_EXAMPLES_KEY]?: QueryExamples };

/**
 * Puts examples on `op`, built for `route`: on its request body's media types, on its 2xx
 * answers (a GET's of a model also as each include query answers it), and on each problem
 * answer, whose shared `$ref` becomes the answer itself with the example this operation gets.
 * `problemText` is each status's description; `refused`, the 405 of a write its datasource
 * class cannot take.
 */
export function addExamples(
  op: Operation,
  route: RouteDefinition,
  ctx: ExampleContext,
  problemText: Readonly<Record<string, string>>,
  refused?: HttpProblem,
): void {
  const runtime = route.model === undefined ? undefined : ctx.runtimes.get(route.model);
  const made =
    route.origin === 'manual'
      ? manualExamples(ctx, route, op)
      : runtime
        ? generatedExamples(ctx, route, runtime)
        : homeExamples(ctx, route);
  const problems = refused ? { ...made.problems, refused } : made.problems;
  const content = (op['requestBody'] as { content?: Record<string, Media> } | undefined)?.content;
  if (content && made.body !== undefined)
    for (const media of Object.values(content)) media.example = made.body;
  const responses = (op['responses'] ?? {}) as Record<string, Record<string, unknown>>;
  for (const [status, response] of Object.entries(responses)) {
    if (typeof response['$ref'] === 'string') {
      const text = problemText[status] ?? `HTTP ${status}`;
      responses[status] = problemResponse(text, Number(status), problems) as Record<
        string,
        unknown
      >;
      continue;
    }
    const media = (response['content'] as Record<string, Media> | undefined)?.['application/json'];
    if (!media || made.success === undefined || !status.startsWith('2')) continue;
    media.example = made.success;
    if (made.variants && Object.keys(made.variants).length > 0)
      media[QUERY_EXAMPLES_KEY] = made.variants;
  }
}
