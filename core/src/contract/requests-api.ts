/**
 * Issue 30: the Console's saved requests, folders and environments, on the wire and on disk.
 * Types and constants only (the renderer imports them).
 *
 * Storage, chosen so a team commits requests with the models and a diff reads well (as Bruno
 * keeps plain files in the collection):
 * - one request per file, `requests/<folder>/<name>.json`: pretty JSON, 2 spaces, a trailing
 *   newline, keys always in the order of {@link SavedRequest}; folder and file names are the
 *   user's names made safe (`/\:*?"<>|` and control characters become `-`, Windows device
 *   names such as `con` get a `_`, at most 100 characters), the user's name kept inside;
 * - one environment per file, `environments/<name>.json`, the same way;
 * - a secret variable's value never goes into the project: the file keeps
 *   `{ "name": "token", "secret": true }` and the value lives in the user's config folder
 *   (`secrets/<hash of the project folder>.json`), keyed by project and environment.
 * A file that does not read is listed as a {@link RequestFileProblem} and skipped.
 */
import type { JsonValue } from './values.js';

/** Folders under the project that hold the collection. */
export const REQUESTS_DIR = 'requests';
export const ENVIRONMENTS_DIR = 'environments';
/** The `version` every request and environment file carries (a later format bumps it). */
export const REQUEST_FILE_VERSION = 1;
/** The largest request or environment file read or written, and the largest import. */
export const REQUEST_FILE_LIMIT = 1024 * 1024;

/** One header, query parameter or form field; a switched-off row is kept and not sent. */
export interface KeyValueRow {
  name: string;
  value: string;
  enabled: boolean;
}

/** A multipart field: text, or a file named by its path (relative to the project, or absolute). */
export type MultipartField =
  | { kind: 'text'; name: string; value: string; enabled: boolean }
  | { kind: 'file'; name: string; path: string; fileName?: string; enabled: boolean };

export type RequestBody =
  | { kind: 'none' }
  | { kind: 'json'; text: string }
  | { kind: 'text'; text: string; contentType?: string }
  | { kind: 'form-urlencoded'; fields: KeyValueRow[] }
  | { kind: 'multipart'; fields: MultipartField[] };

export type RequestBodyKind = RequestBody['kind'];

/** An auth helper: it adds the `Authorization` header at send time. */
export type RequestAuth =
  | { kind: 'none' }
  | { kind: 'bearer'; token: string }
  | { kind: 'basic'; username: string; password: string };

/** What a response must show for the request to pass. */
export type CompareOperator = 'gt' | 'gte' | 'lt' | 'lte';
export const COMPARE_OPERATORS: readonly CompareOperator[] = ['gt', 'gte', 'lt', 'lte'];

export type JsonType = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'null';
export const JSON_TYPES: readonly JsonType[] = [
  'string',
  'number',
  'boolean',
  'array',
  'object',
  'null',
];

export type RequestAssertion =
  | { kind: 'status'; equals: number }
  /** A JSON pointer into the response body (`/items/0/id`; `""` is the whole body). */
  | { kind: 'json-equals'; pointer: string; value: JsonValue }
  | { kind: 'json-exists'; pointer: string }
  /** Absent, or any value but `value` (Bruno's `neq`). */
  | { kind: 'json-not-equals'; pointer: string; value: JsonValue }
  /** A number compared with `value` (`gt` is "above"); anything but a number fails. */
  | { kind: 'json-compare'; pointer: string; op: CompareOperator; value: number }
  /** A list with `equals` items, or a text of `equals` characters (UTF-16, as JavaScript counts). */
  | { kind: 'json-length'; pointer: string; equals: number }
  /** The value's JSON type (`array`, not `object`, for a list). */
  | { kind: 'json-type'; pointer: string; type: JsonType }
  | { kind: 'header-equals'; name: string; value: string }
  /** The header's value holds `value` (`application/json` in `application/json; charset=utf-8`). */
  | { kind: 'header-contains'; name: string; value: string }
  | { kind: 'header-exists'; name: string }
  | { kind: 'time-below'; ms: number };

/** A saved request: `{{variables}}` may appear in the URL, header names and values and bodies. */
export interface SavedRequest {
  /** The user's name for it (the file name is this, made safe). */
  name: string;
  /**
   * Where it stands in its folder (Bruno's `seq`): the list and "Run folder" go by it, then by
   * name, so a collection's login request can run first; absent, after the numbered ones.
   * Sibling folders go by the smallest `seq` under them (an import numbers the whole collection
   * in its source's order, so its folders keep that order too).
   */
  seq?: number;
  /** An HTTP token, upper case (`GET`, `PATCH`, `PROPFIND`). */
  method: string;
  /** A path on the mock API (`/todos`) or a full URL. */
  url: string;
  headers: KeyValueRow[];
  /** Query rows added to the URL's own at send time. */
  query?: KeyValueRow[];
  body: RequestBody;
  auth: RequestAuth;
  assertions?: RequestAssertion[];
  /**
   * Issue 47, request chaining: values of the answer saved as variables for the requests that
   * follow in a run (`{ "todoId": "/id", "next": "header:Location" }`): variable name → a JSON
   * pointer into the body (`""` for the whole body) or `header:<name>`. See {@link VariableSource}.
   */
  set?: Record<string, VariableSource>;
}

/**
 * Where a saved value comes from: a JSON pointer into the answer's body (`/id`, `/items/0/id`,
 * `""` for the whole body) or `header:<name>` (`header:Location`, any case). A string is saved as
 * it is, another JSON value as its JSON text (`7`, `true`, `{"a":1}`).
 */
export type VariableSource = string;

/** The prefix of a {@link VariableSource} that names a response header. */
export const HEADER_SOURCE = 'header:';

/** A variable's name, as `{{name}}` may use it (Postman's, Bruno's and REST Client's). */
export const VARIABLE_NAME = /^[A-Za-z0-9_.$-]+$/;

/** A variable of an environment. A secret's `value` is `""` on the wire unless revealed. */
export interface EnvironmentVariable {
  name: string;
  value: string;
  /** Absent means true. */
  enabled?: boolean;
  secret?: boolean;
  /** In answers only, for a secret: whether the user's config folder holds a value for it. */
  hasValue?: boolean;
}

export interface Environment {
  name: string;
  variables: EnvironmentVariable[];
}

/** A file of the collection that does not read: skipped, listed with where and why. */
export interface RequestFileProblem {
  /** Relative to the project folder (`requests/users/get.json`). */
  file: string;
  /** A JSON pointer (`/headers/0/name`) or `line:column`. */
  at?: string;
  message: string;
}

/** One saved request as listed: `path` addresses it in every later call. */
export interface RequestEntry {
  /** Relative to `requests/`, with `/` (`users/Get user.json`). */
  path: string;
  /** Its folder relative to `requests/` (`""` at the top). */
  folder: string;
  request: SavedRequest;
}

export interface EnvironmentEntry {
  /** Relative to `environments/` (`Local.json`). */
  path: string;
  environment: Environment;
}

/** `GET /api/requests`: the disk as it is now (re-read on every call). */
export interface RequestCollection {
  /**
   * Folders relative to `requests/`, empty ones included, in the collection's order (a folder
   * before its subfolders, siblings by the first `seq` under them, then by name).
   */
  folders: string[];
  requests: RequestEntry[];
  environments: EnvironmentEntry[];
  problems: RequestFileProblem[];
}

/** `PUT /api/requests`: create, or replace the file at `path` (a rename or move when it differs). */
export interface SaveRequestBody {
  /** Folder relative to `requests/` (`""` or `users/admin`); each part is made safe. */
  folder: string;
  request: SavedRequest;
  /** The request's current `path`, when it exists already. */
  path?: string;
}

export interface RequestPathBody {
  path: string;
}

/** `POST /api/requests/folders` and `…/folders/delete`: a folder relative to `requests/`. */
export interface RequestFolderBody {
  /**
   * `/`-separated (`users/admin`). A new folder's parts are made safe, as a save's folder is;
   * a folder to delete must be one the list answered, as it is (refused, never repaired).
   */
  folder: string;
  /** A delete that removes only the folders holding nothing (after a folder rename). */
  emptyOnly?: boolean;
}

/** What a folder delete removed: its saved requests; what it left (not ours) stays. */
export interface DeletedRequestFolder {
  deleted: string;
  /** How many saved requests went with it. */
  requests: number;
  /** Paths under `requests/` of what is not a saved request (a note, a link): left as it is. */
  kept: string[];
}

export interface DuplicateRequestBody {
  path: string;
  /** The copy's name; `"<name> copy"` (then `copy 2`, …) unless given. */
  name?: string;
}

/**
 * `PUT /api/environments`. A secret with a `value` stores it in the user's config folder; a
 * secret without one (`""` or absent) keeps the value stored before.
 */
export interface SaveEnvironmentBody {
  environment: Environment;
  /** The environment's current name, when renaming. */
  replaces?: string;
}

export interface EnvironmentNameBody {
  name: string;
}

/** `POST /api/environments/secrets`: the secret values of one environment, for sending. */
export interface EnvironmentSecrets {
  name: string;
  values: Record<string, string>;
}

/**
 * `POST /api/requests/import`: a Postman collection v2.1 or a `.http` file as `{fileName, text}`,
 * or a Bruno collection folder as its files (`bruno.json`, `*.bru`, `environments/*.bru`).
 */
export type ImportRequestsBody = (
  { fileName: string; text: string } | { files: { path: string; text: string }[] }
) & {
  /**
   * When `requests/<collection name>` is there already (the same collection imported before):
   * `replace` its saved requests and same-named environments, or import a `copy` beside it
   * (`<name> 2`). Without it, such an import is a 409 `import-folder-exists` and writes nothing.
   */
  onExisting?: 'replace' | 'copy';
};

export interface ImportRequestsResult {
  /** `postman`, `bruno` or `http`. */
  format: string;
  /** The folder (relative to `requests/`) the requests went into, named after the collection. */
  folder: string;
  imported: RequestEntry[];
  environments: EnvironmentEntry[];
  /** What was not imported, or imported without a part (a script, a test), and why. */
  skipped: { item: string; reason: string }[];
}

/**
 * The largest `multipart/form-data` body a manual route reads (files included), so the Console
 * can send real uploads; JSON and urlencoded bodies keep CONTRACT §4's 1 MiB. Over it: 413.
 */
export const UPLOAD_LIMIT = 50 * 1024 * 1024;

/** Where `POST /api/project-files` puts a file a multipart request sends (`files/<name>`). */
export const PROJECT_FILES_DIR = 'files';

/** The largest Console session kept (its tabs' requests; a tab's answer is never kept). */
export const CONSOLE_SESSION_LIMIT = 4 * 1024 * 1024;

/**
 * `GET`/`PUT /api/console-session`: the Console's open tabs for the open project, kept by the
 * studio in the user's config folder (never in the project), so they come back when the studio
 * opens the project again, whatever its port. The studio does not read `state` (the renderer's
 * own shape); `null` when nothing is kept.
 */
export interface ConsoleSession {
  /**
   * The project folder the tabs belong to: in answers, the open one; in a `PUT`, the one they
   * were edited in (the studio may have opened another since), the open one when absent.
   */
  root?: string;
  state: JsonValue | null;
}

/**
 * `POST /api/project-files?name=<name>`: a file chosen for a multipart field, copied into the
 * project so a saved request names it by a path that travels with the project. The body is the
 * file's bytes as they are (`application/octet-stream`), streamed to disk as they arrive, at
 * most {@link UPLOAD_LIMIT} (413 over it). `name` is the file's name as chosen (`photo.png`;
 * only its last part counts), made safe as a request's.
 */
export const PROJECT_FILE_NAME_PARAM = 'name';

/** The query of `POST /api/project-files`: the file's name. */
export interface ProjectFileQuery {
  [PROJECT_FILE_NAME_PARAM]: string;
}

/**
 * Where the file went, relative to the project with `/` (`files/photo.png`): a free name
 * (`files/photo 2.png` when another file has the name), or the file already there with the
 * same bytes. The `path` of a {@link MultipartField} file.
 */
export interface ProjectFileEntry {
  path: string;
}
