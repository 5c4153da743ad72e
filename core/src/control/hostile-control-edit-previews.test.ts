/**
 * Hostile model edits on the control API (issue 24 §4), as a property: an edit of each kind with
 * hostile values put anywhere in it is previewed with a success or a 4xx, never a 5xx, and the
 * project's files stay as they were. (The refusals one by one: hostile-control-edit-refusals.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  expectAnswered,
  projectFiles,
  send,
  useHostileControl,
} from '../test-support/hostile-control.js';
import { PROPERTY_MS, RUNS } from '../test-support/hostile-harness.js';
import { deepNesting, jsonValueText } from '../test-support/hostile-inputs.js';

useHostileControl();

describe('hostile model edits on the control API (issue 24 §4)', () => {
  it(
    'answers any model edit preview with a success or a 4xx, and writes nothing',
    async () => {
      const value = fc.oneof(
        jsonValueText(['name', 'type', 'rules', 'default', 'optional', 'target']),
        fc.constantFrom(...EDIT_VALUES),
        fc.constantFrom(...deepNesting('name', 5_000).slice(0, 2)),
      );
      const arbitrary = fc.constantFrom(...Object.keys(BASE_EDITS)).chain((kind) =>
        fc.record({
          kind: fc.constant(kind),
          members: fc.array(fc.tuple(fc.constantFrom(...EDIT_PATHS[kind]!), value), {
            minLength: 1,
            maxLength: 3,
          }),
        }),
      );
      const before = await projectFiles();
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ kind, members }) => {
          const answer = await send(
            'POST',
            '/api/model-edits/preview',
            [['content-type', 'application/json']],
            editText(kind, members),
          );
          expectAnswered(answer);
        }),
        { numRuns: RUNS },
      );
      expect(await projectFiles()).toEqual(before);
    },
    PROPERTY_MS,
  );
});

/** A valid edit of each kind, so a hostile member meets an edit that gets far. */
const BASE_EDITS: Record<string, Record<string, unknown>> = {
  createModel: { model: { name: 'Gadget', fields: [{ name: 'n', type: 'number' }] } },
  addField: { model: 'Todo', field: { name: 'n', type: 'number', optional: true } },
  renameField: { model: 'Todo', field: 'content', to: 'title' },
  removeField: { model: 'Todo', field: 'completed' },
  changeField: { model: 'Todo', field: 'content', type: 'string', optional: false },
  setRules: { model: 'Todo', field: 'content', rules: { minLength: 1 } },
  link: { parent: 'User', child: 'Todo', hasMany: 'items', belongTo: 'owner' },
};

/** Where a hostile value goes in an edit of each kind (`0`: an array index). */
const EDIT_PATHS: Record<string, string[]> = {
  createModel: [
    'model',
    'model.name',
    'model.fields',
    'model.fields.0',
    'model.fields.0.name',
    'model.fields.0.type',
    'model.fields.0.rules',
    'model.fields.0.rules.default',
    'model.fields.0.rules.pattern',
    'model.belongTo',
    'model.belongTo.0',
    'model.belongTo.0.target',
    'model.belongTo.0.field',
    'model.belongTo.0.hasMany',
  ],
  addField: [
    'model',
    'field',
    'field.name',
    'field.type',
    'field.optional',
    'field.rules',
    'field.rules.default',
    'field.rules.pattern',
    'field.rules.min',
    'default',
  ],
  renameField: ['model', 'field', 'to', 'migrate'],
  removeField: ['model', 'field', 'migrate'],
  changeField: ['model', 'field', 'type', 'optional', 'convert'],
  setRules: ['model', 'field', 'rules', 'rules.default', 'rules.pattern', 'rules.min', 'fit'],
  link: ['parent', 'child', 'hasMany', 'belongTo'],
};

/** Values that are almost right, or wrong in the ways that used to reach a 500. */
const EDIT_VALUES = [
  '"Todo"',
  '"User"',
  '"content"',
  '"number"',
  '"Date"',
  `"'a' | 'b'"`,
  '"typeof process"',
  `"${'('.repeat(20_000)}string${')'.repeat(20_000)}"`,
  '"Object"',
  '"constructor"',
  '"__proto__"',
  `"A${'a'.repeat(299)}"`,
  'true',
  '5',
  '"x"',
  'null',
  '[]',
  '{"name":"n","type":"number","optional":true}',
  '{"default":"x","min":1}',
  '{"min":5,"max":1}',
  '{"pattern":"("}',
  '{"pattern":5}',
  '{"target":"User","field":"owner"}',
  `${'['.repeat(1_000)}1${']'.repeat(1_000)}`,
  '{"__proto__":{"polluted":1}}',
];

/** The edit `kind` with each `[path, value text]` set in its base, as JSON text. */
function editText(kind: string, members: [string, string][]): Buffer {
  const edit: Record<string, unknown> = { kind, ...structuredClone(BASE_EDITS[kind]) };
  members.forEach(([path], i) => {
    const keys = path.split('.');
    let node: Record<string, unknown> = edit;
    for (const key of keys.slice(0, -1)) {
      const next = node[key];
      if (next === null || typeof next !== 'object') node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys[keys.length - 1]!] = `@value:${i}`;
  });
  const text = JSON.stringify({ edit }).replace(
    /"@value:(\d+)"/g,
    (_m, i: string) => members[Number(i)]![1],
  );
  return Buffer.from(text);
}
