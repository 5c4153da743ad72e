/**
 * Issue 43: the body of every control operation that takes one, as a schema beside the
 * operations table ({@link CONTROL_OPERATIONS}, ./operations.ts, keyed the same way): the
 * control server checks each body against its line with Ajv, compiled once
 * (`core/src/validation/body-check.ts`), before the handler runs. A separate table so the
 * renderer's bundle, which needs the paths but never the schemas, does not carry them.
 *
 * A record body is the model's: it is checked by the model's own validator, the one the mock
 * API's writes use, so a 422 carries the same field errors on both (CONTRACT §8).
 */
import { type BodySchema, NON_BLANK } from './body-schema.js';
import type { ControlPayloads } from './control-api.js';
import { IMPORT_LIMIT } from './data-api.js';
import {
  CONSOLE_SESSION_BODY,
  DUPLICATE_REQUEST_BODY,
  ENVIRONMENT_NAME_BODY,
  IMPORT_REQUESTS_BODY,
  OUTGOING_REQUEST_SCHEMA,
  REQUEST_FOLDER_BODY,
  REQUEST_PATH_BODY,
  SAVE_ENVIRONMENT_BODY,
  SAVE_REQUEST_BODY,
} from './request-schemas.js';
import { RULE_PREVIEW_SCHEMA, RULES_FILE_SCHEMA } from './rules-schemas.js';

/** How one operation's body is checked. */
export interface BodyRule {
  /** The 422's title. */
  readonly title: string;
  readonly schema: BodySchema;
  /**
   * How the 422 names a place: a JSON pointer (`/request/headers/0/name`), or a path
   * (`routes[0].delay`, `edit.kind`) for the operations that named them so before issue 43.
   */
  readonly fields: 'pointer' | 'path';
}

/** Its model's validator checks it (the mock API's own, CONTRACT §8). */
export const MODEL_BODY = 'model';

/** Operations whose body is a record, or records, of the model in their path. */
export type ModelBodyOperation = 'createRecord' | 'replaceRecord' | 'patchRecord' | 'importRecords';

/** Every operation that takes a JSON body. */
export type BodyOperation = {
  [K in keyof ControlPayloads]: ControlPayloads[K] extends { body: unknown } ? K : never;
}[keyof ControlPayloads];

export type ControlBodies = {
  readonly [K in BodyOperation]: K extends ModelBodyOperation ? typeof MODEL_BODY : BodyRule;
};

// ---------------------------------------------------------------- schemas of their own

const FOLDER: BodySchema = {
  type: 'string',
  pattern: NON_BLANK,
  message: 'must be the path of a project folder',
};

const DELAY: BodySchema = {
  type: ['object', 'null'],
  required: ['minMs', 'maxMs'],
  properties: { minMs: { type: 'number' }, maxMs: { type: 'number' } },
  message: { type: 'must be { "minMs": n, "maxMs": n }' },
};

const FAIL: BodySchema = {
  type: ['object', 'null'],
  required: ['rate', 'status'],
  properties: { rate: { type: 'number' }, status: { type: 'number' } },
  message: { type: 'must be { "rate": 0..1, "status": 400..599 }' },
};

/** The shapes checked here; ranges are the behaviour's own check (`fail.rate`: 0 to 1). */
const BEHAVIOUR: BodySchema = {
  type: 'object',
  properties: {
    delay: DELAY,
    fail: FAIL,
    routes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['method', 'path'],
        properties: {
          method: { type: 'string' },
          path: { type: 'string' },
          delay: DELAY,
          fail: FAIL,
        },
        message: { type: 'must be { "method", "path", "delay"?, "fail"? }' },
      },
    },
    proxy: { type: ['string', 'null'], message: 'must be a URL string' },
    proxyTimeoutMs: { type: ['number', 'null'], message: 'must be a number' },
  },
};

const EDIT_KINDS = [
  'createModel',
  'addField',
  'renameField',
  'removeField',
  'changeField',
  'setRules',
  'link',
  'setOpen',
] as const;

const NEW_MODEL: BodySchema = {
  type: 'object',
  required: ['fields'],
  properties: { fields: { type: 'array' } },
  message: 'must be { name, fields: [] }',
};

/** The shape every edit shares; each edit's own members are checked where they are used. */
const EDIT: BodySchema = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: {
      type: 'string',
      enum: EDIT_KINDS,
      message: `must be one of ${EDIT_KINDS.join(', ')}`,
    },
    field: { type: ['string', 'object'], message: 'must be a string' },
    to: { type: 'string' },
    type: { type: 'string' },
    parent: { type: 'string' },
    child: { type: 'string' },
  },
  if: { properties: { kind: { const: 'createModel' } }, required: ['kind'] },
  then: { required: ['model'], properties: { model: NEW_MODEL } },
  message: { type: `must be an edit, { "kind": ${EDIT_KINDS.join(' | ')}, … }` },
};

const HASHES: BodySchema = {
  type: 'object',
  additionalProperties: { type: ['string', 'null'] },
  message: 'must map each file to its hash as read (null for a new file)',
};

/** A file name as a browser's file picker gives it: no folders, no control characters. */
const IMPORT_SOURCE: Readonly<Record<string, BodySchema>> = {
  fileName: {
    type: 'string',
    pattern: '^[^/\\\\\\u0000-\\u001f]{1,255}$',
    message: 'must be the name of the file (db.json, openapi.yaml, environment.json)',
  },
  text: { type: 'string', message: "must be the file's text" },
  dir: {
    type: 'string',
    pattern: NON_BLANK,
    message: 'must be the path of the new project folder',
  },
};

const IMPORT_MESSAGE = { type: 'must be a JSON object with fileName and text' } as const;

// ---------------------------------------------------------------- the table

export const CONTROL_BODIES: ControlBodies = {
  openProject: {
    title: 'Invalid folder',
    fields: 'path',
    schema: { type: 'object', required: ['dir'], properties: { dir: FOLDER } },
  },
  changePort: {
    title: 'Invalid port',
    fields: 'path',
    schema: {
      type: 'object',
      required: ['port'],
      properties: {
        port: {
          type: 'integer',
          minimum: 0,
          maximum: 65535,
          message: 'must be an integer from 0 to 65535',
        },
      },
    },
  },
  createRecord: MODEL_BODY,
  replaceRecord: MODEL_BODY,
  patchRecord: MODEL_BODY,
  importRecords: MODEL_BODY,
  fakeRecords: {
    title: 'Invalid fake request',
    fields: 'path',
    schema: {
      type: 'object',
      required: ['count'],
      properties: {
        count: {
          type: 'integer',
          minimum: 1,
          maximum: IMPORT_LIMIT,
          message: `must be an integer from 1 to ${IMPORT_LIMIT}`,
        },
        seed: {
          type: 'integer',
          minimum: Number.MIN_SAFE_INTEGER,
          maximum: Number.MAX_SAFE_INTEGER,
          message: 'must be an integer',
        },
      },
    },
  },
  setBehaviour: { title: 'Invalid mock behaviour', fields: 'path', schema: BEHAVIOUR },
  previewModelEdit: {
    title: 'Invalid model edit',
    fields: 'path',
    schema: { type: 'object', required: ['edit'], properties: { edit: EDIT } },
  },
  applyModelEdit: {
    title: 'Invalid model edit',
    fields: 'path',
    schema: {
      type: 'object',
      required: ['edit', 'hashes'],
      properties: { edit: EDIT, hashes: HASHES },
    },
  },
  createModel: {
    title: 'Invalid model edit',
    fields: 'path',
    schema: {
      type: 'object',
      required: ['model', 'hashes'],
      properties: { model: NEW_MODEL, hashes: HASHES },
    },
  },
  previewImport: {
    title: 'Invalid import',
    fields: 'path',
    schema: {
      type: 'object',
      required: ['fileName', 'text'],
      properties: IMPORT_SOURCE,
      message: IMPORT_MESSAGE,
    },
  },
  importProject: {
    title: 'Invalid import',
    fields: 'path',
    schema: {
      type: 'object',
      required: ['fileName', 'text', 'dir'],
      properties: { ...IMPORT_SOURCE, force: { type: 'boolean' } },
      message: IMPORT_MESSAGE,
    },
  },
  putRules: { title: 'Invalid response rules', fields: 'pointer', schema: RULES_FILE_SCHEMA },
  previewRuleTemplate: { title: 'Invalid preview', fields: 'pointer', schema: RULE_PREVIEW_SCHEMA },
  saveRequest: { title: 'Invalid request body', fields: 'pointer', schema: SAVE_REQUEST_BODY },
  duplicateRequest: {
    title: 'Invalid request body',
    fields: 'pointer',
    schema: DUPLICATE_REQUEST_BODY,
  },
  deleteRequest: { title: 'Invalid request body', fields: 'pointer', schema: REQUEST_PATH_BODY },
  createRequestFolder: {
    title: 'Invalid request body',
    fields: 'pointer',
    schema: REQUEST_FOLDER_BODY,
  },
  deleteRequestFolder: {
    title: 'Invalid request body',
    fields: 'pointer',
    schema: REQUEST_FOLDER_BODY,
  },
  importRequests: {
    title: 'Invalid request body',
    fields: 'pointer',
    schema: IMPORT_REQUESTS_BODY,
  },
  saveEnvironment: {
    title: 'Invalid request body',
    fields: 'pointer',
    schema: SAVE_ENVIRONMENT_BODY,
  },
  deleteEnvironment: {
    title: 'Invalid request body',
    fields: 'pointer',
    schema: ENVIRONMENT_NAME_BODY,
  },
  getEnvironmentSecrets: {
    title: 'Invalid request body',
    fields: 'pointer',
    schema: ENVIRONMENT_NAME_BODY,
  },
  putConsoleSession: {
    title: 'Invalid request body',
    fields: 'pointer',
    schema: CONSOLE_SESSION_BODY,
  },
  sendOutgoing: {
    title: 'Invalid request body',
    fields: 'pointer',
    schema: OUTGOING_REQUEST_SCHEMA,
  },
  previewRecording: {
    title: 'Invalid recording preview',
    fields: 'path',
    schema: {
      type: 'object',
      properties: { dir: IMPORT_SOURCE.dir! },
      message: { type: 'must be a JSON object, { "dir"? }' },
    },
  },
  importRecording: {
    title: 'Invalid import',
    fields: 'path',
    schema: {
      type: 'object',
      required: ['dir'],
      properties: { dir: IMPORT_SOURCE.dir!, force: { type: 'boolean' } },
      message: { type: 'must be a JSON object, { "dir", "force"? }' },
    },
  },
};
