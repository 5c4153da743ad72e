/**
 * Issue 43: the schema of `mock-rules.json` (issue 29), the same for the file and for
 * `PUT /api/rules`, and of `POST /api/rules/preview`'s body. Its messages name the member
 * (`status must be an integer from 200 to 599`), as `decorest serve` prints them. What a
 * schema cannot say (an id used twice, a regex that cannot run in linear time, a template's
 * unknown placeholder, a header name) is `core/src/rules/check-rules.ts`'s. Data only.
 */
import type { BodySchema } from './body-schema.js';

export const RULE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export const RULE_PARTS = ['param', 'query', 'header', 'body', 'method'] as const;
export const RULE_MATCHERS = ['equals', 'regex', 'exists', 'missing'] as const;
/** The longest wait before a rule's answer. */
export const MAX_DELAY_MS = 60_000;
/** Ids, names, paths and condition names: short single-line text. */
export const RULE_TEXT_LIMIT = 2000;
/** A value compared with `equals`, and a header value: no more than a request could carry. */
export const RULE_VALUE_LIMIT = 64 * 1024;

/** No control character: no line break, no NUL. */
const NO_CONTROL = '^[^\\u0000-\\u001f\\u007f]*$';
/** RFC 9110 §5.5: no CR, LF or NUL (what Node itself refuses to write). */
const HEADER_VALUE = '^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*$';

/** A member of short single-line text, its messages naming it as `what`. */
function ruleText(what: string, options: { empty?: boolean } = {}): BodySchema {
  return {
    type: 'string',
    ...(options.empty ? {} : { minLength: 1 }),
    maxLength: RULE_TEXT_LIMIT,
    pattern: NO_CONTROL,
    message: {
      type: `${what} must be a string`,
      minLength: `${what} must not be empty`,
      maxLength: `${what} is at most ${RULE_TEXT_LIMIT} characters`,
      pattern: `${what} must not hold control characters (line breaks, NUL)`,
    },
  };
}

const oneOf = (values: readonly string[]) => values.join(', ');

const CONDITION: BodySchema = {
  type: 'object',
  message: { type: 'a condition must be an object' },
  required: ['part', 'matcher'],
  additionalProperties: false,
  properties: {
    part: {
      type: 'string',
      enum: RULE_PARTS,
      message: `part must be one of ${oneOf(RULE_PARTS)}`,
    },
    name: ruleText('name', { empty: true }),
    matcher: {
      type: 'string',
      enum: RULE_MATCHERS,
      message: `matcher must be one of ${oneOf(RULE_MATCHERS)}`,
    },
    value: {
      type: 'string',
      maxLength: RULE_VALUE_LIMIT,
      message: {
        type: 'value must be a string',
        maxLength: `value is at most ${RULE_VALUE_LIMIT} characters`,
      },
    },
    ignoreCase: { type: 'boolean', message: 'ignoreCase must be true or false' },
  },
  allOf: [
    // A parameter, query or header condition names one; `method` needs none.
    {
      if: { properties: { part: { enum: ['param', 'query', 'header'] } }, required: ['part'] },
      then: {
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 1, message: { minLength: 'name must not be empty' } },
        },
        message: { required: 'name must be a string' },
      },
    },
    {
      if: { properties: { part: { const: 'body' } }, required: ['part'] },
      then: {
        properties: {
          name: {
            type: 'string',
            pattern: '^(?:$|/)',
            message: 'a body pointer is "" or starts with "/" (/user/name)',
          },
        },
      },
    },
    ...(['equals', 'regex'] as const).map((matcher): BodySchema => ({
      if: { properties: { matcher: { const: matcher } }, required: ['matcher'] },
      then: {
        required: ['value'],
        properties: { value: { type: 'string', message: `value must be a string for ${matcher}` } },
      },
    })),
  ],
};

const RESPONSE: BodySchema = {
  type: 'object',
  message: { type: 'a response must be an object' },
  required: ['status'],
  additionalProperties: false,
  properties: {
    // A 1xx is an interim answer in HTTP, never the final one a rule sends.
    status: {
      type: 'integer',
      minimum: 200,
      maximum: 599,
      message: 'status must be an integer from 200 to 599',
    },
    headers: {
      type: 'object',
      message: { type: 'headers must be an object of strings' },
      additionalProperties: {
        type: 'string',
        maxLength: RULE_VALUE_LIMIT,
        pattern: HEADER_VALUE,
        message: {
          type: 'a header value must be a string',
          maxLength: 'a header value is one line of text, without CR, LF or NUL',
          pattern: 'a header value is one line of text, without CR, LF or NUL',
        },
      },
    },
    body: { type: 'string', message: 'body must be a string (JSON as text)' },
    delayMs: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_DELAY_MS,
      message: `delayMs must be an integer from 0 to ${MAX_DELAY_MS}`,
    },
  },
};

const RULE: BodySchema = {
  type: 'object',
  message: { type: 'a rule must be an object' },
  required: ['id', 'name', 'method', 'path', 'enabled', 'when', 'responses'],
  additionalProperties: false,
  properties: {
    id: ruleText('id'),
    name: ruleText('name', { empty: true }),
    method: {
      type: 'string',
      enum: RULE_METHODS,
      message: `method must be one of ${oneOf(RULE_METHODS)}`,
    },
    path: {
      ...ruleText('path'),
      // As mounted: `/todos/:id`.
      allOf: [
        {
          type: 'string',
          pattern: '^(?:$|/\\S*$)',
          message: 'path must start with "/" and hold no spaces (as mounted: /todos/:id)',
        },
      ],
    },
    enabled: { type: 'boolean', message: 'enabled must be true or false' },
    when: {
      type: 'array',
      items: CONDITION,
      message: { type: 'when must be a list of conditions' },
    },
    responses: {
      type: 'array',
      minItems: 1,
      items: RESPONSE,
      message: {
        type: 'responses must be a list of at least one response',
        minItems: 'responses must be a list of at least one response',
      },
    },
    order: {
      type: 'string',
      enum: ['sequence', 'random'],
      message: 'order must be "sequence" or "random"',
    },
  },
};

/** `mock-rules.json`: `{ "rules": [ … ] }`, nothing else. */
export const RULES_FILE_SCHEMA: BodySchema = {
  type: 'object',
  message: { type: 'the rules file is an object: { "rules": [ … ] }' },
  required: ['rules'],
  additionalProperties: false,
  properties: {
    rules: { type: 'array', items: RULE, message: { type: 'rules must be a list' } },
  },
};

/** A `{ name: text }` map of the made-up request a template preview fills in. */
const TEXT_MAP: BodySchema = {
  type: 'object',
  message: { type: 'must be an object of strings' },
  additionalProperties: { type: 'string', message: 'must be a string' },
};

/** `POST /api/rules/preview`. */
export const RULE_PREVIEW_SCHEMA: BodySchema = {
  type: 'object',
  required: ['template'],
  properties: {
    template: { type: 'string', message: 'must be a string' },
    request: {
      type: 'object',
      message: { type: 'must be an object' },
      properties: { params: TEXT_MAP, query: TEXT_MAP, headers: TEXT_MAP, body: {} },
    },
  },
};
