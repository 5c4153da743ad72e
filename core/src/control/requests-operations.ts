/**
 * Issue 30: the Console's saved requests and environments through the control API. Bodies are
 * checked by their schemas (issue 43, `CONTROL_BODIES`) and, for what a schema cannot say (a
 * path outside the collection, a variable named twice), here; a 422 names every field by its
 * JSON pointer. The files, the secrets and the importers are core/src/requests. The collection
 * is re-read from disk on every list.
 */
import type {
  DuplicateRequestBody,
  Environment,
  EnvironmentNameBody,
  ImportRequestsBody,
  RequestFolderBody,
  RequestPathBody,
  SavedRequest,
  SaveEnvironmentBody,
  SaveRequestBody,
} from '../contract/requests-api.js';
import { ImportError, problems } from '../errors.js';
import {
  type Checked,
  checkEnvironment,
  checkRequest,
  type Finding,
} from '../requests/check-request.js';
import { readRequestsSource, writeImported } from '../requests/import/import-requests.js';
import { RequestCollection } from '../requests/request-collection.js';
import { folderParts, isCollectionPath } from '../requests/safe-names.js';
import { bodyProblem } from '../validation/body-check.js';
import type { ControlContext } from './control-context.js';
import type { ControlRoute, ControlRoutes } from './control-route.js';

type Obj = Record<string, unknown>;

const TITLE = 'Invalid request body';

/** Throws the 422 naming `findings` (at least one). */
function refuse(findings: readonly Finding[]): never {
  throw bodyProblem(TITLE, findings) ?? new Error('refused without a finding');
}

const under = (prefix: string, findings: readonly Finding[]): Finding[] =>
  findings.map((f) => ({ pointer: `${prefix}${f.pointer}`, message: f.message }));

const asObject = (body: unknown): Obj =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Obj) : {};

/** A `path` from a list answer; anything else (`../x`, NUL, absolute) is refused, not repaired. */
function pathFindings(o: Obj, key: string): Finding[] {
  const v = o[key];
  return typeof v !== 'string' || isCollectionPath(v)
    ? []
    : [{ pointer: `/${key}`, message: 'must be a request path from the list (folder/name.json)' }];
}

/** What the schema cannot say of a `path` (the body's other members are the schema's). */
const pathCheck: ControlRoute['check'] = (body) => pathFindings(asObject(body), 'path');

function refuseOutside(body: unknown): void {
  const outside = pathFindings(asObject(body), 'path');
  if (outside.length > 0) refuse(outside);
}

/** A save's folder in parts and its request normalised, or every problem of the three. */
function saveOf(
  body: unknown,
): Checked<{ folder: string; request: SavedRequest; path: string | undefined }> {
  const { folder = '', request, path } = asObject(body) as Partial<SaveRequestBody>;
  const findings: Finding[] = [];
  const parts = typeof folder === 'string' ? folderParts(folder) : undefined;
  if (parts?.ok === false) findings.push({ pointer: '/folder', message: parts.message });
  findings.push(...pathFindings(asObject(body), 'path'));
  const checked = checkRequest(request);
  if (!checked.ok) findings.push(...under('/request', checked.findings));
  if (findings.length > 0 || !checked.ok || !parts?.ok) return { ok: false, findings };
  return { ok: true, value: { folder: parts.parts.join('/'), request: checked.value, path } };
}

/**
 * A folder body's folder in safe parts, `/`-joined; the top of `requests/` is no folder. `as
 * listed`: a name the list answered, refused unless it is already safe (a delete repaired to
 * another name would delete that other folder: `v1.` is not `v1`).
 */
function folderOf(body: unknown, asListed = false): Checked<string> {
  const { folder } = asObject(body);
  if (typeof folder !== 'string') return { ok: true, value: '' };
  const refused = (message: string): Checked<string> => ({
    ok: false,
    findings: [{ pointer: '/folder', message }],
  });
  const parts = folderParts(folder);
  if (!parts.ok) return refused(parts.message);
  if (parts.parts.length === 0) return refused('must name a folder under requests/');
  const value = parts.parts.join('/');
  if (
    asListed &&
    value !==
      folder
        .split(/[/\\]/)
        .filter((p) => p !== '')
        .join('/')
  )
    return refused('must be a folder of the list, as it is named there');
  return { ok: true, value };
}

/** The checked folder of a folder body, or the 422. */
function folderIn(body: unknown, asListed = false): string {
  const folder = folderOf(body, asListed);
  if (!folder.ok) refuse(folder.findings);
  return folder.value;
}

function environmentOf(body: unknown): Checked<Environment> {
  const checked = checkEnvironment(asObject(body)['environment']);
  return checked.ok ? checked : { ok: false, findings: under('/environment', checked.findings) };
}

const findingsOf = (checked: Checked<unknown>): Finding[] => (checked.ok ? [] : checked.findings);

// One per project and config folder, so the secret store's write queue is shared by every call.
const collections = new Map<string, RequestCollection>();

async function collectionOf(ctx: ControlContext): Promise<RequestCollection> {
  const root = (await ctx.projectStatus()).root;
  const key = `${root}\0${ctx.configDir}`;
  let collection = collections.get(key);
  if (!collection) collections.set(key, (collection = new RequestCollection(root, ctx.configDir)));
  return collection;
}

export const REQUESTS_ROUTES: Pick<
  ControlRoutes,
  | 'listRequests'
  | 'saveRequest'
  | 'duplicateRequest'
  | 'deleteRequest'
  | 'createRequestFolder'
  | 'deleteRequestFolder'
  | 'importRequests'
  | 'saveEnvironment'
  | 'deleteEnvironment'
  | 'getEnvironmentSecrets'
> = {
  listRequests: { handle: async ({ ctx }) => (await collectionOf(ctx)).list() },
  saveRequest: {
    check: (body) => findingsOf(saveOf(body)),
    handle: async ({ ctx, body }) => {
      const save = saveOf(body);
      if (!save.ok) refuse(save.findings);
      const { folder, request, path } = save.value;
      return (await collectionOf(ctx)).saveRequest(folder, request, path);
    },
  },
  duplicateRequest: {
    check: pathCheck,
    handle: async ({ ctx, body }) => {
      refuseOutside(body);
      const { path, name } = body as DuplicateRequestBody;
      return (await collectionOf(ctx)).duplicateRequest(path, name);
    },
  },
  deleteRequest: {
    check: pathCheck,
    handle: async ({ ctx, body }) => {
      refuseOutside(body);
      const { path } = body as RequestPathBody;
      await (await collectionOf(ctx)).deleteRequest(path);
      return { deleted: path };
    },
  },
  createRequestFolder: {
    status: 201,
    check: (body) => findingsOf(folderOf(body)),
    handle: async ({ ctx, body }) => {
      const folder = folderIn(body);
      await (await collectionOf(ctx)).createFolder(folder);
      return { folder };
    },
  },
  deleteRequestFolder: {
    check: (body) => findingsOf(folderOf(body, true)),
    handle: async ({ ctx, body }) =>
      (await collectionOf(ctx)).deleteFolder(folderIn(body, true), {
        emptyOnly: (body as RequestFolderBody).emptyOnly === true,
      }),
  },
  importRequests: {
    handle: async ({ ctx, body }) => {
      let imported;
      try {
        imported = readRequestsSource(body as ImportRequestsBody);
      } catch (error) {
        if (error instanceof ImportError) throw problems.importSourceUnreadable(error.message);
        throw error;
      }
      return writeImported(
        await collectionOf(ctx),
        imported,
        (body as ImportRequestsBody).onExisting,
      );
    },
  },
  saveEnvironment: {
    check: (body) => findingsOf(environmentOf(body)),
    handle: async ({ ctx, body }) => {
      const environment = environmentOf(body);
      if (!environment.ok) refuse(environment.findings);
      const { replaces } = body as SaveEnvironmentBody;
      return (await collectionOf(ctx)).saveEnvironment(environment.value, replaces);
    },
  },
  deleteEnvironment: {
    handle: async ({ ctx, body }) => {
      const { name } = body as EnvironmentNameBody;
      await (await collectionOf(ctx)).deleteEnvironment(name);
      return { deleted: name };
    },
  },
  getEnvironmentSecrets: {
    handle: async ({ ctx, body }) =>
      (await collectionOf(ctx)).secrets((body as EnvironmentNameBody).name),
  },
};
