/**
 * Issue 43: the schemas of issue 30's saved requests and environments (a control body and a
 * file of the collection are checked against the same one, so a 422 and a file problem name
 * the same place), and of the Console's other control bodies. Data only: Ajv compiles them on
 * the server (`core/src/validation/body-check.ts`).
 */
import { type BodySchema, NO_NUL, NON_BLANK } from './body-schema.js';
import { OUTGOING_TIMEOUT_MAX_MS } from './outgoing-api.js';
import { COMPARE_OPERATORS, JSON_TYPES } from './requests-api.js';

/** Longest user name of a request, folder, environment or variable. */
export const NAME_LIMIT = 200;

/** RFC 9110 §5.6.2: a method is a token. */
const TOKEN = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$";

/** Text of any length, without a NUL character. */
const TEXT: BodySchema = {
  type: 'string',
  pattern: NO_NUL,
  message: { type: 'must be a string', pattern: 'must not contain a NUL character' },
};

const ENABLED: BodySchema = { type: 'boolean', message: 'must be true or false' };

/** A name the user gives (`request`, `environment`, `variable`): 1 to 200 characters. */
function userName(what: string): BodySchema {
  const sized = `must be a ${what} name of 1 to ${NAME_LIMIT} characters`;
  return {
    type: 'string',
    maxLength: NAME_LIMIT,
    pattern: NON_BLANK,
    message: { type: 'must be a string', maxLength: sized, pattern: sized },
  };
}

/** A header, query parameter or form field row. */
const ROW: BodySchema = {
  type: 'object',
  required: ['name'],
  properties: { name: TEXT, value: TEXT, enabled: ENABLED },
};

const ROWS: BodySchema = { type: 'array', items: ROW };

const MULTIPART_FIELD: BodySchema = {
  type: 'object',
  required: ['name'],
  properties: {
    kind: { type: 'string', enum: ['text', 'file'], message: 'must be text or file' },
    name: TEXT,
    enabled: ENABLED,
    value: TEXT,
    path: TEXT,
    fileName: TEXT,
  },
  if: { properties: { kind: { const: 'file' } }, required: ['kind'] },
  then: { required: ['path'], properties: { path: TEXT } },
};

/** A tagged union's object: `kind` picks the branch; a missing or unknown one is said so. */
function tagged(what: string, branches: readonly BodySchema[]): BodySchema {
  const kinds = branches.map((b) => String(b.properties?.['kind']?.const));
  const list = `${kinds.slice(0, -1).join(', ')} or ${kinds[kinds.length - 1]}`;
  return {
    type: 'object',
    required: ['kind'],
    properties: { kind: { type: 'string', message: `must be ${list}` } },
    discriminator: { propertyName: 'kind' },
    oneOf: branches,
    message: { type: `must be an object with a ${what}` },
  };
}

const kind = (name: string, rest: Omit<BodySchema, 'type'> = {}): BodySchema => ({
  ...rest,
  properties: { kind: { const: name }, ...rest.properties },
});

/** A saved request's body (and an outgoing request's). */
export const REQUEST_BODY_SCHEMA: BodySchema = tagged('kind', [
  kind('none'),
  kind('json', { properties: { text: TEXT } }),
  kind('text', { properties: { text: TEXT, contentType: TEXT } }),
  kind('form-urlencoded', { properties: { fields: ROWS } }),
  kind('multipart', { properties: { fields: { type: 'array', items: MULTIPART_FIELD } } }),
]);

const AUTH: BodySchema = tagged('kind', [
  kind('none'),
  kind('bearer', { properties: { token: TEXT } }),
  kind('basic', { properties: { username: TEXT, password: TEXT } }),
]);

/** `""` or a JSON pointer (`/items/0/id`). */
const POINTER: BodySchema = {
  type: 'string',
  pattern: '^(?:$|/)',
  message: { type: 'must be a string', pattern: 'must be a JSON pointer ("" or /a/0)' },
};

const ASSERTION: BodySchema = tagged('kind', [
  kind('status', {
    required: ['equals'],
    properties: {
      equals: {
        type: 'integer',
        minimum: 100,
        maximum: 599,
        message: 'must be a status from 100 to 599',
      },
    },
  }),
  kind('json-equals', { required: ['pointer', 'value'], properties: { pointer: POINTER } }),
  kind('json-exists', { required: ['pointer'], properties: { pointer: POINTER } }),
  kind('json-not-equals', { required: ['pointer', 'value'], properties: { pointer: POINTER } }),
  kind('json-compare', {
    required: ['pointer', 'op', 'value'],
    properties: {
      pointer: POINTER,
      op: {
        type: 'string',
        enum: [...COMPARE_OPERATORS],
        message: `must be ${COMPARE_OPERATORS.join(', ')}`,
      },
      value: { type: 'number', message: 'must be a number' },
    },
  }),
  kind('json-length', {
    required: ['pointer', 'equals'],
    properties: {
      pointer: POINTER,
      equals: { type: 'integer', minimum: 0, message: 'must be a whole number from 0' },
    },
  }),
  kind('json-type', {
    required: ['pointer', 'type'],
    properties: {
      pointer: POINTER,
      type: { type: 'string', enum: [...JSON_TYPES], message: `must be ${JSON_TYPES.join(', ')}` },
    },
  }),
  kind('header-equals', { required: ['name', 'value'], properties: { name: TEXT, value: TEXT } }),
  kind('header-contains', { required: ['name', 'value'], properties: { name: TEXT, value: TEXT } }),
  kind('header-exists', { required: ['name'], properties: { name: TEXT } }),
  kind('time-below', {
    required: ['ms'],
    properties: {
      ms: {
        type: 'number',
        exclusiveMinimum: 0,
        message: 'must be a number of milliseconds above 0',
      },
    },
  }),
]);

/** Issue 47: where a saved value comes from: a JSON pointer (`""`, `/id`) or `header:<name>`. */
const VARIABLE_SOURCE: BodySchema = {
  type: 'string',
  pattern: '^(?:$|/|[Hh][Ee][Aa][Dd][Ee][Rr]:\\s*[^\\s])',
  message: {
    type: 'must be a string',
    pattern: 'must be a JSON pointer ("" or /id) or header:<name> (header:Location)',
  },
};

/** A saved request; what it leaves out gets its default (`GET`, no headers, no body). */
export const SAVED_REQUEST_SCHEMA: BodySchema = {
  type: 'object',
  message: { type: 'must be an object' },
  required: ['name', 'url'],
  properties: {
    name: userName('request'),
    seq: {
      type: 'integer',
      minimum: 0,
      maximum: 1_000_000,
      message: 'must be a whole number from 0 to 1000000 (its place in the folder)',
    },
    method: {
      type: 'string',
      pattern: TOKEN,
      message: { type: 'must be a string', pattern: 'must be an HTTP method (GET, POST, …)' },
    },
    url: TEXT,
    headers: ROWS,
    query: ROWS,
    body: REQUEST_BODY_SCHEMA,
    auth: AUTH,
    assertions: { type: 'array', items: ASSERTION },
    set: {
      type: 'object',
      additionalProperties: VARIABLE_SOURCE,
      message: { type: 'must be an object: variable name → "/pointer" or "header:<name>"' },
    },
  },
};

/** An environment; a secret variable carries its `value` here (the server routes it). */
export const ENVIRONMENT_SCHEMA: BodySchema = {
  type: 'object',
  message: { type: 'must be an object' },
  required: ['name'],
  properties: {
    name: userName('environment'),
    variables: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: {
          name: userName('variable'),
          value: TEXT,
          enabled: ENABLED,
          secret: ENABLED,
        },
      },
    },
  },
};

// ---------------------------------------------------------------- the Console's control bodies

const REQUEST_PATH: BodySchema = {
  type: 'string',
  message: 'must be a request path from the list (folder/name.json)',
};

/** A name of 1 to 200 characters (an environment's, a duplicate's). */
const NAME: BodySchema = {
  type: 'string',
  maxLength: NAME_LIMIT,
  pattern: NON_BLANK,
  message: `must be a name of 1 to ${NAME_LIMIT} characters`,
};

export const SAVE_REQUEST_BODY: BodySchema = {
  type: 'object',
  required: ['request'],
  properties: {
    folder: { type: 'string', message: 'must be a folder name ("" at the top)' },
    path: REQUEST_PATH,
    request: SAVED_REQUEST_SCHEMA,
  },
};

export const DUPLICATE_REQUEST_BODY: BodySchema = {
  type: 'object',
  required: ['path'],
  properties: { path: REQUEST_PATH, name: NAME },
};

export const REQUEST_PATH_BODY: BodySchema = {
  type: 'object',
  required: ['path'],
  properties: { path: REQUEST_PATH },
};

export const REQUEST_FOLDER_BODY: BodySchema = {
  type: 'object',
  required: ['folder'],
  properties: {
    folder: {
      type: 'string',
      pattern: NON_BLANK,
      message: 'must be a folder under requests/ ("todos", "users/admin")',
    },
    emptyOnly: { type: 'boolean', message: 'must be true or false' },
  },
};

export const ENVIRONMENT_NAME_BODY: BodySchema = {
  type: 'object',
  required: ['name'],
  properties: { name: NAME },
};

export const SAVE_ENVIRONMENT_BODY: BodySchema = {
  type: 'object',
  required: ['environment'],
  properties: { environment: ENVIRONMENT_SCHEMA, replaces: NAME },
};

const FILE_TEXT: BodySchema = { type: 'string', message: "must be the file's text" };

/** A Postman collection or `.http` file by name and text, or a Bruno folder's files. */
export const IMPORT_REQUESTS_BODY: BodySchema = {
  type: 'object',
  properties: {
    onExisting: {
      type: 'string',
      enum: ['replace', 'copy'],
      message: 'must be replace or copy',
    },
  },
  if: { properties: { files: { type: 'array' } }, required: ['files'] },
  then: {
    properties: {
      files: {
        type: 'array',
        items: {
          type: 'object',
          required: ['path', 'text'],
          properties: {
            path: {
              type: 'string',
              pattern: NON_BLANK,
              message: "must be the file's path in the folder",
            },
            text: FILE_TEXT,
          },
        },
      },
    },
  },
  else: {
    required: ['fileName', 'text'],
    properties: {
      fileName: {
        type: 'string',
        pattern: '^[^/\\\\\\u0000]+$',
        message: 'must be the name of the file (collection.json, api.http)',
      },
      text: FILE_TEXT,
    },
  },
};

export const CONSOLE_SESSION_BODY: BodySchema = {
  type: 'object',
  required: ['state'],
  properties: {
    root: { type: 'string', pattern: NO_NUL, message: 'must be the absolute folder of a project' },
    state: {},
  },
  message: { required: 'must be the session to keep, or null' },
};

/** What the Console sends through the core (issue 30): its shape; what cannot be sent is a 400. */
export const OUTGOING_REQUEST_SCHEMA: BodySchema = {
  type: 'object',
  required: ['method', 'url'],
  properties: {
    method: { type: 'string', message: 'must be a string' },
    url: { type: 'string', message: 'must be a string' },
    headers: {
      type: 'array',
      message: { type: 'must be an array of [name, value] pairs' },
      items: {
        type: 'array',
        minItems: 2,
        maxItems: 2,
        items: { type: 'string', message: 'must be a [name, value] pair of strings' },
        message: 'must be a [name, value] pair of strings',
      },
    },
    body: REQUEST_BODY_SCHEMA,
    timeoutMs: {
      type: 'integer',
      minimum: 1,
      maximum: OUTGOING_TIMEOUT_MAX_MS,
      message: `must be a whole number of milliseconds from 1 to ${OUTGOING_TIMEOUT_MAX_MS}`,
    },
  },
};
