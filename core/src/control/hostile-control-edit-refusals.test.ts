/**
 * Hostile model edits on the control API (issue 24 §4): defaults that are no value of their
 * field, defaults nested too deep, names too long, and the names and types the loader would
 * refuse are each refused with a 422 naming the member, at the preview and at the apply, and
 * nothing on disk changes. (Any edit at all, sent to the preview: hostile-control-edit-previews.)
 */
import { describe, expect, it } from 'vitest';

import { expectRefused, postEdit, useHostileControl } from '../test-support/hostile-control.js';

useHostileControl();

describe('hostile model edits on the control API (issue 24 §4)', () => {
  it('refuses a default that is no value of its field, naming it; nothing is written', async () => {
    const cases: [unknown, string, RegExp][] = [
      [
        { kind: 'addField', model: 'Todo', field: { name: 'n', type: 'number' }, default: 'x' },
        'edit.default',
        /is not a value of Todo\.n: must be a number/,
      ],
      [
        {
          kind: 'addField',
          model: 'Todo',
          field: { name: 'n', type: 'number', optional: true, rules: { default: 'x' } },
        },
        'edit.field.rules.default',
        /must be a number/,
      ],
      [
        // A value of the type, but not of the rules.
        {
          kind: 'addField',
          model: 'Todo',
          field: { name: 'n', type: 'number', rules: { min: 5 } },
          default: 3,
        },
        'edit.default',
        /Todo\.n/,
      ],
      [
        // An optional field is absent or a number; null is neither.
        {
          kind: 'addField',
          model: 'Todo',
          field: { name: 'n', type: 'number', optional: true },
          default: null,
        },
        'edit.default',
        /Todo\.n/,
      ],
      [
        {
          kind: 'addField',
          model: 'Todo',
          field: { name: 'level', type: "'low' | 'high'" },
          default: 'medium',
        },
        'edit.default',
        /Todo\.level/,
      ],
      [
        { kind: 'setRules', model: 'Todo', field: 'completed', rules: { default: 'yes' } },
        'edit.rules.default',
        /is not a value of Todo\.completed: must be a boolean/,
      ],
      [
        {
          kind: 'createModel',
          model: {
            name: 'Gadget',
            fields: [{ name: 'tags', type: 'string[]', rules: { default: ['a', 2] } }],
          },
        },
        'edit.model.fields.0.rules.default',
        /Gadget\.tags/,
      ],
    ];
    for (const [edit, field, message] of cases) await expectRefused(edit, field, message);
    // A default of the field's type still previews.
    const fine = await postEdit('/model-edits/preview', {
      edit: {
        kind: 'addField',
        model: 'Todo',
        field: { name: 'level', type: "'low' | 'high' | null", rules: { default: null } },
        default: 'low',
      },
    });
    expect(fine.status, fine.text).toBe(200);
  });

  it('bounds the depth of defaults and the length of names with a 422', async () => {
    await expectRefused(
      {
        kind: 'addField',
        model: 'Todo',
        field: { name: 'n', type: 'number[]', optional: true, rules: { default: '@deep:1000' } },
      },
      'edit.field.rules.default',
      /nested deeper than 32 levels/,
    );
    await expectRefused(
      {
        kind: 'addField',
        model: 'Todo',
        field: { name: 'n', type: 'number[]' },
        default: '@deep:5000',
      },
      'edit.default',
      /nested deeper than 32 levels/,
    );
    await expectRefused(
      { kind: 'setRules', model: 'Todo', field: 'content', rules: { pattern: '@deep:5000' } },
      'edit',
      /nested deeper than 32 levels/,
    );
    await expectRefused(
      { kind: 'createModel', model: { name: `A${'a'.repeat(299)}`, fields: [] } },
      'edit.model.name',
      /at most 64 characters, this one has 300/,
    );
    await expectRefused(
      { kind: 'renameField', model: 'Todo', field: 'content', to: 'a'.repeat(65) },
      'edit.to',
      /at most 64 characters/,
    );
    await expectRefused(
      {
        kind: 'addField',
        model: 'Todo',
        field: { name: 'n', type: `${'('.repeat(20_000)}string${')'.repeat(20_000)}` },
      },
      'edit.field.type',
      /is not a field type/,
    );
    // 32 levels is a default still (of a type no field has, so refused as a value, not a depth).
    const answer = await postEdit('/model-edits/preview', {
      edit: {
        kind: 'addField',
        model: 'Todo',
        field: { name: 'n', type: 'number[]', optional: true },
        default: '@deep:32',
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.text).toMatch(/is not a value of Todo\.n/);
  });

  it('refuses at the preview the names and types the loader would refuse, with the reason', async () => {
    for (const name of ['Object', 'Rest', 'FromDataSource', 'Field', 'HasMany', 'Date', 'Array'])
      await expectRefused(
        { kind: 'createModel', model: { name, fields: [] } },
        'edit.model.name',
        new RegExp(`${name} cannot be a model name: (decorest exports|it would hide)`),
      );
    for (const name of ['constructor', '__proto__', 'prototype', 'hasOwnProperty'])
      await expectRefused(
        { kind: 'addField', model: 'Todo', field: { name, type: 'string', optional: true } },
        'edit.field.name',
        /cannot be a field name: every JavaScript object has a member of that name/,
      );
    await expectRefused(
      { kind: 'renameField', model: 'Todo', field: 'content', to: '__proto__' },
      'edit.to',
      /cannot be a field name/,
    );
    await expectRefused(
      { kind: 'link', parent: 'User', child: 'Todo', hasMany: 'constructor' },
      'edit.hasMany',
      /cannot be a field name/,
    );
    for (const type of [
      'typeof process',
      "import('node:fs').Stats",
      'keyof Todo',
      'string | number',
      'Todo',
      'Array<string>',
      '1 | 2',
      'undefined',
    ])
      await expectRefused(
        { kind: 'addField', model: 'Todo', field: { name: 'n', type, optional: true } },
        'edit.field.type',
        /is not a field type; use string, number, boolean, Date, a union of string literals/,
      );
    await expectRefused(
      {
        kind: 'changeField',
        model: 'Todo',
        field: 'content',
        type: 'typeof globalThis',
        optional: false,
      },
      'edit.type',
      /is not a field type/,
    );
    await expectRefused(
      { kind: 'setRules', model: 'Todo', field: 'content', rules: { minLength: 1, type: 'x' } },
      'edit.rules.type',
      /is not a rule the studio writes/,
    );
    // What the studio offers still previews.
    for (const type of ['Date', 'string[] | null', "('a' | 'b')[]", "'low' | 'high'", 'boolean']) {
      const answer = await postEdit('/model-edits/preview', {
        edit: { kind: 'addField', model: 'Todo', field: { name: 'n', type, optional: true } },
      });
      expect(answer.status, `${type}: ${answer.text}`).toBe(200);
    }
  });
});
