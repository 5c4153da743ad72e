/**
 * Issue 30: the Console's saved requests and environments through the control API. Bodies are
 * checked here (a 422 names every field by its JSON pointer); the files, the secrets and the
 * importers are core/src/requests. The collection is re-read from disk on every list.
 */
import type { ImportRequestsBody } from '../contract/requests-api.js';
import { ImportError, problems } from '../errors.js';
import { checkEnvironment, checkRequest, type Finding } from '../requests/check-request.js';
import { readRequestsSource, writeImported } from '../requests/import/import-requests.js';
import { RequestCollection } from '../requests/request-collection.js';
import { folderParts, isCollectionPath } from '../requests/safe-names.js';
import type { ControlContext } from './control-context.js';
import type { ControlRoutes } from './control-route.js';

type Obj = Record<string, unknown>;

function refuse(findings: Finding[]): never {
  throw problems.invalidBody(
    'Invalid request body',
    findings.map((f) => ({ field: f.pointer, message: f.message })),
  );
}

function objectOf(body: unknown): Obj {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    refuse([{ pointer: '', message: 'must be a JSON object' }]);
  return body as Obj;
}

const under = (prefix: string, findings: Finding[]): Finding[] =>
  findings.map((f) => ({ pointer: `${prefix}${f.pointer}`, message: f.message }));

/** A `path` from a list answer; anything else (`../x`, NUL, absolute) is refused, not repaired. */
function pathOf(o: Obj, key: string, findings: Finding[]): string {
  const v = o[key];
  if (typeof v === 'string' && isCollectionPath(v)) return v;
  findings.push({
    pointer: `/${key}`,
    message: 'must be a request path from the list (folder/name.json)',
  });
  return '';
}

function nameOf(o: Obj, key: string, findings: Finding[]): string {
  const v = o[key];
  if (typeof v === 'string' && v.trim() !== '' && !v.includes('\0') && v.length <= 200) return v;
  findings.push({ pointer: `/${key}`, message: 'must be a name of 1 to 200 characters' });
  return '';
}

// One per project and config folder, so the secret store's write queue is shared by every call.
const collections = new Map<string, RequestCollection>();

async function collectionOf(ctx: ControlContext): Promise<RequestCollection> {
  const root = (await ctx.projectStatus()).root;
  const key = `${root}\0${ctx.configDir}`;
  let collection = collections.get(key);
  if (!collection) collections.set(key, (collection = new RequestCollection(root, ctx.configDir)));
  return collection;
}

function importSource(body: unknown): ImportRequestsBody {
  const o = objectOf(body);
  if (Array.isArray(o['files'])) {
    const findings: Finding[] = [];
    const files = o['files'].map((f: unknown, i) => {
      const file = (f ?? {}) as Obj;
      if (typeof file['path'] !== 'string' || file['path'] === '' || file['path'].includes('\0'))
        findings.push({
          pointer: `/files/${i}/path`,
          message: "must be the file's path in the folder",
        });
      if (typeof file['text'] !== 'string')
        findings.push({ pointer: `/files/${i}/text`, message: "must be the file's text" });
      return { path: String(file['path']), text: String(file['text']) };
    });
    if (findings.length > 0) refuse(findings);
    return { files };
  }
  const findings: Finding[] = [];
  const fileName = o['fileName'];
  if (typeof fileName !== 'string' || fileName === '' || /[/\\\0]/.test(fileName))
    findings.push({
      pointer: '/fileName',
      message: 'must be the name of the file (collection.json, api.http)',
    });
  if (typeof o['text'] !== 'string')
    findings.push({ pointer: '/text', message: "must be the file's text" });
  if (findings.length > 0) refuse(findings);
  return { fileName: fileName as string, text: o['text'] as string };
}

export const REQUESTS_ROUTES: Pick<
  ControlRoutes,
  | 'listRequests'
  | 'saveRequest'
  | 'duplicateRequest'
  | 'deleteRequest'
  | 'importRequests'
  | 'saveEnvironment'
  | 'deleteEnvironment'
  | 'getEnvironmentSecrets'
> = {
  listRequests: { handle: async ({ ctx }) => (await collectionOf(ctx)).list() },
  saveRequest: {
    handle: async ({ ctx, body }) => {
      const o = objectOf(body);
      const findings: Finding[] = [];
      const folder = o['folder'] ?? '';
      const parts = typeof folder === 'string' ? folderParts(folder) : undefined;
      if (!parts?.ok)
        findings.push({
          pointer: '/folder',
          message: parts?.message ?? 'must be a folder name ("" at the top)',
        });
      const from = o['path'] === undefined ? undefined : pathOf(o, 'path', findings);
      const request = checkRequest(o['request']);
      if (!request.ok) findings.push(...under('/request', request.findings));
      if (findings.length > 0 || !request.ok || !parts?.ok) refuse(findings);
      return (await collectionOf(ctx)).saveRequest(parts.parts.join('/'), request.value, from);
    },
  },
  duplicateRequest: {
    handle: async ({ ctx, body }) => {
      const o = objectOf(body);
      const findings: Finding[] = [];
      const path = pathOf(o, 'path', findings);
      const name = o['name'] === undefined ? undefined : nameOf(o, 'name', findings);
      if (findings.length > 0) refuse(findings);
      return (await collectionOf(ctx)).duplicateRequest(path, name);
    },
  },
  deleteRequest: {
    handle: async ({ ctx, body }) => {
      const findings: Finding[] = [];
      const path = pathOf(objectOf(body), 'path', findings);
      if (findings.length > 0) refuse(findings);
      await (await collectionOf(ctx)).deleteRequest(path);
      return { deleted: path };
    },
  },
  importRequests: {
    handle: async ({ ctx, body }) => {
      const source = importSource(body);
      let imported;
      try {
        imported = readRequestsSource(source);
      } catch (error) {
        if (error instanceof ImportError) throw problems.importSourceUnreadable(error.message);
        throw error;
      }
      return writeImported(await collectionOf(ctx), imported);
    },
  },
  saveEnvironment: {
    handle: async ({ ctx, body }) => {
      const o = objectOf(body);
      const findings: Finding[] = [];
      const environment = checkEnvironment(o['environment']);
      if (!environment.ok) findings.push(...under('/environment', environment.findings));
      const replaces = o['replaces'] === undefined ? undefined : nameOf(o, 'replaces', findings);
      if (findings.length > 0 || !environment.ok) refuse(findings);
      return (await collectionOf(ctx)).saveEnvironment(environment.value, replaces);
    },
  },
  deleteEnvironment: {
    handle: async ({ ctx, body }) => {
      const findings: Finding[] = [];
      const name = nameOf(objectOf(body), 'name', findings);
      if (findings.length > 0) refuse(findings);
      await (await collectionOf(ctx)).deleteEnvironment(name);
      return { deleted: name };
    },
  },
  getEnvironmentSecrets: {
    handle: async ({ ctx, body }) => {
      const findings: Finding[] = [];
      const name = nameOf(objectOf(body), 'name', findings);
      if (findings.length > 0) refuse(findings);
      return (await collectionOf(ctx)).secrets(name);
    },
  },
};
