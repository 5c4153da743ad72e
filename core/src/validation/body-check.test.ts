/**
 * Issue 43: a body checked against its schema by Ajv says each problem at its JSON pointer, in
 * the schema's own words where it has them and the contract's otherwise; the schema is
 * compiled once, however many bodies it checks.
 */
import type { Ajv } from 'ajv';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { BodySchema } from '../contract/body-schema.js';
import { CONTROL_BODIES } from '../contract/control-bodies.js';
import { requireCjs } from '../require-cjs.js';
import { bodyProblem, checkBody, inDocumentOrder } from './body-check.js';

const SCHEMA: BodySchema = {
  type: 'object',
  required: ['name', 'port'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, message: { type: 'name must be a string' } },
    port: {
      type: 'integer',
      minimum: 0,
      maximum: 65535,
      message: 'must be an integer from 0 to 65535',
    },
    tags: { type: 'array', items: { type: 'string' } },
    body: {
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string' } },
      discriminator: { propertyName: 'kind' },
      oneOf: [
        { properties: { kind: { const: 'none' } } },
        { properties: { kind: { const: 'json' }, text: { type: 'string' } } },
      ],
    },
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('checkBody', () => {
  it('passes a good body with no findings', () => {
    expect(checkBody(SCHEMA, { name: 'a', port: 80, body: { kind: 'json', text: '{}' } })).toEqual(
      [],
    );
  });

  it('names each problem at its JSON pointer, in the schema words or the contract ones', () => {
    const found = checkBody(SCHEMA, {
      port: 70000,
      tags: ['a', 3],
      body: { kind: 'yaml' },
      'a/b': 1,
    });
    expect(found).toEqual(
      expect.arrayContaining([
        { pointer: '/name', message: 'name must be a string' },
        { pointer: '/port', message: 'must be an integer from 0 to 65535' },
        { pointer: '/tags/1', message: 'must be a string' },
        { pointer: '/body/kind', message: 'must be none or json' },
        { pointer: '/a~1b', message: 'unknown property "a/b"' },
      ]),
    );
    expect(found).toHaveLength(5);
  });

  it('says a body that is not an object is not a JSON object', () => {
    expect(checkBody(SCHEMA, [1])).toEqual([{ pointer: '', message: 'must be a JSON object' }]);
  });

  it('compiles a schema once, however many bodies it checks', () => {
    const { Ajv: AjvClass } = requireCjs('ajv') as { Ajv: typeof Ajv };
    const compile = vi.spyOn(AjvClass.prototype, 'compile');
    const schema: BodySchema = { type: 'object', properties: { n: { type: 'number' } } };
    for (let i = 0; i < 50; i++) checkBody(schema, { n: i % 2 === 0 ? i : 'x' });
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('compiles every schema of the control table under strict mode', () => {
    for (const [operation, rule] of Object.entries(CONTROL_BODIES)) {
      if (typeof rule === 'string') continue;
      expect(() => checkBody(rule.schema, {}), operation).not.toThrow();
      expect(checkBody(rule.schema, 'text')[0], operation).toMatchObject({ pointer: '' });
    }
  });
});

describe('inDocumentOrder', () => {
  it('lists findings in the order the body holds their places, one per place', () => {
    const body = { b: [{ y: 1, x: 2 }], a: 1 };
    const ordered = inDocumentOrder(
      [
        { pointer: '/a', message: 'a' },
        { pointer: '/missing', message: 'missing' },
        { pointer: '/b/0/x', message: 'x' },
        { pointer: '/b/0/y', message: 'y' },
        { pointer: '/b/0/y', message: 'y again' },
        { pointer: '', message: 'whole' },
      ],
      body,
    );
    expect(ordered.map((f) => f.message)).toEqual(['whole', 'y', 'x', 'a', 'missing']);
  });
});

describe('bodyProblem', () => {
  it('names places by pointer or by path, and is nothing without a finding', () => {
    const found = [{ pointer: '/routes/0/delay', message: 'must be an object' }];
    expect(bodyProblem('Invalid', found)?.errors).toEqual([
      { field: '/routes/0/delay', message: 'must be an object' },
    ]);
    expect(bodyProblem('Invalid', found, 'path')?.errors).toEqual([
      { field: 'routes[0].delay', message: 'must be an object' },
    ]);
    expect(bodyProblem('Invalid', [])).toBeUndefined();
  });
});
