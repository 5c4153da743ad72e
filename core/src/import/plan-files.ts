/**
 * The files an import plan becomes, as texts, before anything touches the disk: one model file
 * per model written by the studio's own New-model writer (`createModelFile`, `addRelationPair`),
 * `seed/<path>.json` per model, an `app.ts` answering the plan's manual routes under its base
 * path, and `mock-rules.json` holding its response rules.
 */
import type { JsonValue } from '../contract/control-api.js';
import { RULES_FILE } from '../contract/rules-api.js';
import { PlanWriteError } from '../errors.js';
import { addRelationPair, createModelFile, fileBaseName } from '../model-edit/create-model.js';
import { literal, quoted, type SourceStyle } from '../model-edit/style.js';
import { formatRules } from '../rules/check-rules.js';
import { derivedPath } from './import-names.js';
import type { ImportPlan, PlannedModel, PlannedRoute } from './import-plan.js';

export interface PlannedFile {
  /** Relative to the project, with `/`: `post.ts`, `seed/posts.json`, `app.ts`. */
  path: string;
  kind: 'model' | 'seed' | 'app' | 'rules' | 'readme';
  text: string;
  /** The model a model or seed file belongs to. */
  model?: string;
  /** A seed file's record count. */
  records?: number;
}

/** What the writer's input needs of a plan: the starter project has no source file. */
export type PlanContent = Pick<ImportPlan, 'models' | 'routes' | 'basePath' | 'rules'>;

/** Every file of a plan; throws PlanWriteError naming the first model the writer refuses. */
export function planFiles(plan: PlanContent, style: SourceStyle): PlannedFile[] {
  const texts = new Map<string, { fileName: string; text: string }>();
  for (const model of plan.models) {
    if (texts.has(model.name)) throw new PlanWriteError(`model ${model.name} is planned twice`);
    texts.set(model.name, modelFile(model, style));
  }
  const importPath = (name: string) => `./${fileBaseName(name)}${style.importExtension}`;
  for (const child of plan.models)
    for (const relation of child.relations) {
      const parent = texts.get(relation.target);
      if (!parent)
        throw new PlanWriteError(
          `${child.name}.${relation.field} links to ${relation.target}, which is not planned`,
        );
      const own = texts.get(child.name)!;
      const pair = guarded(`${child.name}.${relation.field}`, () =>
        addRelationPair(
          {
            parent: {
              model: relation.target,
              text: parent.text,
              importPath: importPath(relation.target),
            },
            child: { model: child.name, text: own.text, importPath: importPath(child.name) },
            belongTo: relation.field,
            ...(relation.hasMany ? { hasMany: relation.hasMany } : {}),
            ...(relation.onDelete ? { onDelete: relation.onDelete } : {}),
          },
          style,
        ),
      );
      parent.text = pair.parent;
      own.text = pair.child;
    }
  const files: PlannedFile[] = [];
  for (const model of plan.models) {
    const { fileName, text } = texts.get(model.name)!;
    files.push({ path: fileName, kind: 'model', text, model: model.name });
  }
  for (const model of plan.models)
    files.push({
      path: `seed/${model.path}.json`,
      kind: 'seed',
      text: seedText(model.seed),
      model: model.name,
      records: model.seed.length,
    });
  const basePath = plan.basePath ?? '';
  if (basePath !== '' && !/^(\/[A-Za-z0-9._~-]+)+$/.test(basePath))
    throw new PlanWriteError(
      `the base path ${basePath} is not /segment/… of letters, digits and ._~-`,
    );
  if (plan.routes.length > 0 || basePath !== '')
    files.push({
      path: 'app.ts',
      kind: 'app',
      text: appText(plan.routes, basePath, importPath, style),
    });
  if (plan.rules !== undefined && plan.rules.length > 0)
    files.push({ path: RULES_FILE, kind: 'rules', text: formatRules(plan.rules) });
  return files;
}

/** A model-edit refusal (a bad name or type) as a PlanWriteError naming where it came from. */
function guarded<T>(at: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw new PlanWriteError(`${at}: ${(error as Error).message}`);
  }
}

function modelFile(model: PlannedModel, style: SourceStyle): { fileName: string; text: string } {
  return guarded(model.name, () =>
    createModelFile(
      {
        name: model.name,
        fields: model.fields,
        ...(model.idType === 'string' ? { idType: 'string' as const } : {}),
        ...(model.open === true ? { open: true } : {}),
        // @Rest({ path }) only where the derived path differs (CONTRACT §1: `Todo` → `todos`).
        ...(derivedPath(model.name) === model.path ? {} : { path: model.path }),
      },
      style,
    ),
  );
}

/** One record per line: readable, and a diff of a seed shows the records that changed. */
function seedText(records: readonly Record<string, JsonValue>[]): string {
  if (records.length === 0) return '[]\n';
  return `[\n${records.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;
}

const METHODS: Partial<Record<PlannedRoute['method'], string>> = {
  GET: 'get',
  POST: 'post',
  PUT: 'put',
  PATCH: 'patch',
  DELETE: 'delete',
};

/** A JSON value as code; `__proto__` keys stay data (an object literal would set the prototype). */
function valueCode(value: JsonValue, style: SourceStyle): string {
  const json = JSON.stringify(value);
  return json.includes('"__proto__"')
    ? `JSON.parse(${quoted(json, style)})`
    : literal(value, style);
}

function routeLine(route: PlannedRoute, basePath: string, style: SourceStyle): string {
  const method = METHODS[route.method];
  const semi = style.semi ? ';' : '';
  // HEAD is answered wherever GET is (CONTRACT §2); OPTIONS is the CORS preflight's.
  if (!method)
    throw new PlanWriteError(
      `${route.method} ${route.path}: only GET, POST, PUT, PATCH and DELETE routes are written`,
    );
  if (!route.path.startsWith('/') || /[\s?#]/.test(route.path))
    throw new PlanWriteError(
      `${route.method} ${route.path}: a route path starts with / and has no spaces, ? or #`,
    );
  if (!Number.isInteger(route.status) || route.status < 100 || route.status > 599)
    throw new PlanWriteError(
      `${route.method} ${route.path}: status ${route.status} is not from 100 to 599`,
    );
  // The servlet mounts every route under the base path: the route is written without it.
  if (basePath !== '' && route.path !== basePath && !route.path.startsWith(`${basePath}/`))
    throw new PlanWriteError(`${route.method} ${route.path}: not under the base path ${basePath}`);
  const path = route.path.slice(basePath.length) || '/';
  if (route.answer) {
    const { call, model, options } = route.answer;
    return `// ${route.source}\nthis.${method}(${quoted(path, style)}, documented.${call}(${model}, ${valueCode(options, style)}))${semi}`;
  }
  let answer = `res.status(${route.status})`;
  for (const [name, value] of Object.entries(route.headers ?? {}))
    answer += `.header(${quoted(name, style)}, ${quoted(value, style)})`;
  if (route.body === undefined) answer += '.send()';
  else if (
    typeof route.body === 'string' &&
    !/json/i.test(route.headers?.['content-type'] ?? route.headers?.['Content-Type'] ?? '')
  )
    answer += `.send(${quoted(route.body, style)})`;
  else answer += `.json(${valueCode(route.body, style)})`;
  return `// ${route.source}\nthis.${method}(${quoted(path, style)}, (_req, res) => ${answer})${semi}`;
}

/** The application: generated REST for every model, then the imported routes (CONTRACT §6). */
function appText(
  routes: readonly PlannedRoute[],
  basePath: string,
  importPath: (model: string) => string,
  style: SourceStyle,
): string {
  const semi = style.semi ? ';' : '';
  const i = style.indent;
  const lines = routes
    .flatMap((r) => routeLine(r, basePath, style).split('\n'))
    .map((l) => `${i}${i}${l}`);
  const models = [...new Set(routes.flatMap((r) => (r.answer ? [r.answer.model] : [])))].sort();
  const names =
    models.length > 0 ? 'Application, WebServlet, documented' : 'Application, WebServlet';
  return [
    `import { ${names} } from ${quoted('decorest', style)}${semi}`,
    ...models.map((m) => `import { ${m} } from ${quoted(importPath(m), style)}${semi}`),
    '',
    '/** Routes the import source documents beside its collections, answering as it did. */',
    `@WebServlet(${quoted(`${basePath}/*`, style)})`,
    'export default class ImportedApp extends Application {',
    `${i}execute() {`,
    `${i}${i}this.generateRest()${semi}`,
    ...(lines.length > 0 ? ['', ...lines] : []),
    `${i}}`,
    '}',
    '',
  ].join('\n');
}
