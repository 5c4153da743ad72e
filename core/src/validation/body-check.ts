/**
 * Issue 43: a control body (or a request or rules file) checked against its
 * {@link BodySchema} by Ajv, compiled once per schema on first use (Fastify's rule: never per
 * request), and Ajv's findings said as the contract says them: each at the JSON pointer of
 * the value at fault (Ajv's `instancePath`), with the schema's own `message` where it has one
 * (CONTRACT §4: every problem of one body at once, each naming its place).
 *
 * What a schema cannot say (a name used twice, a path outside the collection, a pattern that
 * does not compile) the callers check in code and add as findings of the same shape;
 * {@link inDocumentOrder} then lists them all in the order the body holds them.
 */
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from 'ajv';

import type { BodyKeyword, BodySchema, BodyType } from '../contract/body-schema.js';
import { type FieldError, problems, type ValidationProblem } from '../errors.js';
import { requireCjs } from '../require-cjs.js';
import { fieldPath } from './messages.js';

/** One problem of a body: where (a JSON pointer, `""` for the whole body) and what. */
export interface BodyFinding {
  readonly pointer: string;
  readonly message: string;
  /** Within a text value (a rule's body template), where the problem starts, 0-based. */
  readonly offset?: number;
}

/** How a 422 names a place: the JSON pointer (`/routes/0/delay`) or a path (`routes[0].delay`). */
export type FieldStyle = 'pointer' | 'path';

let shared: AjvClass | undefined;

function bodyAjv(): AjvClass {
  if (shared !== undefined) return shared;
  // Loaded on first use, as the model validators load it: a start-up that checks no body
  // does not pay for Ajv.
  const { Ajv } = requireCjs('ajv') as { Ajv: typeof AjvClass };
  shared = new Ajv({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    // A branch may require what the object's own `properties` describe (`then: { required }`).
    strictRequired: false,
    // `parentSchema` on each error: the node whose `message` says it.
    verbose: true,
    discriminator: true,
    keywords: ['message'],
  });
  return shared;
}

const compiled = new WeakMap<BodySchema, ValidateFunction>();

/**
 * The findings of `value` against `schema` (none when it passes), compiling the schema the
 * first time it is used and never again.
 */
export function checkBody(schema: BodySchema, value: unknown): BodyFinding[] {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = bodyAjv().compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  const out: BodyFinding[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const finding = findingOf(error);
    // One finding per place: the first is the one to fix (a wrong type before its range).
    if (finding === undefined || seen.has(finding.pointer)) continue;
    seen.add(finding.pointer);
    out.push(finding);
  }
  return out;
}

/** `findings` (with no two at one place) in the order `value` holds what they name. */
export function inDocumentOrder(findings: readonly BodyFinding[], value: unknown): BodyFinding[] {
  const seen = new Set<string>();
  const unique = findings.filter((f) => {
    const key = `${f.pointer}\u0000${f.offset ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const keyed = unique.map((f) => ({ f, at: positionOf(value, f.pointer) }));
  keyed.sort((a, b) => compareAt(a.at, b.at));
  return keyed.map((k) => k.f);
}

/** A 422 naming each finding in `style`, or nothing when there is none. */
export function bodyProblem(
  title: string,
  findings: readonly BodyFinding[],
  style: FieldStyle = 'pointer',
): ValidationProblem | undefined {
  if (findings.length === 0) return undefined;
  return problems.invalidBody(
    title,
    findings.map((f): FieldError => ({
      field: style === 'pointer' ? f.pointer : fieldPath(f.pointer),
      message: f.message,
      // A template's problem says where in the text (the rule editor points at it).
      ...(f.offset === undefined ? {} : { offset: f.offset }),
    })),
  );
}

// ---------------------------------------------------------------- Ajv's findings in our words

/** `token` appended to `pointer` (RFC 6901: `~` is `~0`, `/` is `~1`). */
export function childPointer(pointer: string, token: string | number): string {
  return `${pointer}/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function messageFor(schema: BodySchema | undefined, keyword: BodyKeyword): string | undefined {
  const message = schema?.message;
  if (message === undefined) return undefined;
  return typeof message === 'string' ? message : message[keyword];
}

const TYPE_WORDS: Record<BodyType, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function typeWords(type: unknown): string {
  const types = (Array.isArray(type) ? type : [type]) as BodyType[];
  return types.map((t) => TYPE_WORDS[t] ?? String(t)).join(' or ');
}

function listWords(values: readonly unknown[]): string {
  const words = values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return words.length < 2
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function defaultMessage(error: ErrorObject, node: BodySchema): string {
  const params = error.params as Record<string, unknown>;
  const limit = String(params['limit']);
  const range =
    node.minimum !== undefined && node.maximum !== undefined
      ? `must be ${node.type === 'integer' ? 'an integer' : 'a number'} from ${node.minimum} to ${node.maximum}`
      : undefined;
  switch (error.keyword) {
    case 'type':
      // CONTRACT §4: "a body that is not a JSON object" is said so.
      return error.instancePath === '' && params['type'] === 'object'
        ? 'must be a JSON object'
        : `must be ${typeWords(params['type'])}`;
    case 'enum':
      return `must be one of ${(params['allowedValues'] as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params['allowedValue'])}`;
    case 'minimum':
      return range ?? `must be at least ${limit}`;
    case 'exclusiveMinimum':
      return `must be above ${limit}`;
    case 'maximum':
      return range ?? `must be at most ${limit}`;
    case 'minLength':
      return limit === '1' ? 'must not be empty' : `must be at least ${limit} characters long`;
    case 'maxLength':
      return `must be at most ${limit} characters long`;
    case 'minItems':
      return limit === '1' ? 'must hold at least one item' : `must hold at least ${limit} items`;
    case 'maxItems':
      return `must hold at most ${limit} items`;
    default:
      return error.message ?? 'is invalid';
  }
}

/** One Ajv error as a finding, or `undefined` for one another error says better. */
function findingOf(error: ErrorObject): BodyFinding | undefined {
  const node = (error.parentSchema ?? {}) as BodySchema;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    // `then`/`else` and the branch picked by a discriminator report what failed in them.
    case 'if':
    case 'oneOf':
      return undefined;
    case 'required': {
      const name = String(params['missingProperty']);
      const child = node.properties?.[name];
      // A missing value is said as the value's own node says a wrong one (`must be a string`).
      const message =
        messageFor(child, 'required') ??
        messageFor(child, 'type') ??
        (typeof node.message === 'object' ? node.message.required : undefined) ??
        'is required';
      return { pointer: childPointer(error.instancePath, name), message };
    }
    case 'additionalProperties': {
      const name = String(params['additionalProperty']);
      const message =
        (typeof node.message === 'object' ? node.message.additionalProperties : undefined) ??
        `unknown property "${name}"`;
      return { pointer: childPointer(error.instancePath, name), message };
    }
    case 'discriminator': {
      const tag = String(params['tag']);
      const values = (node.oneOf ?? []).map((branch) => branch.properties?.[tag]?.const);
      const message =
        (typeof node.message === 'object' ? node.message.discriminator : undefined) ??
        `must be ${listWords(values)}`;
      return { pointer: childPointer(error.instancePath, tag), message };
    }
    default:
      return {
        pointer: error.instancePath,
        message: messageFor(node, error.keyword as BodyKeyword) ?? defaultMessage(error, node),
      };
  }
}

// ---------------------------------------------------------------- document order

/**
 * Where `pointer` lies in `value`, as the index of each step (a key's place among its object's
 * keys, an item's index); a key the value does not hold comes after those it does.
 */
function positionOf(value: unknown, pointer: string): number[] {
  if (pointer === '') return [];
  const at: number[] = [];
  let node: unknown = value;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      at.push(/^\d+$/.test(token) ? Number(token) : Number.MAX_SAFE_INTEGER);
      node = node[Number(token)];
    } else if (node !== null && typeof node === 'object') {
      const index = Object.keys(node).indexOf(token);
      at.push(index === -1 ? Number.MAX_SAFE_INTEGER : index);
      node = index === -1 ? undefined : (node as Record<string, unknown>)[token];
    } else {
      at.push(Number.MAX_SAFE_INTEGER);
      node = undefined;
    }
  }
  return at;
}

function compareAt(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
