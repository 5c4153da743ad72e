import { describe, expect, it } from 'vitest';

import { draftOf, draftProblem, newDraft, saveBodyOf } from './environment-draft';

const entry = {
  path: 'local.json',
  environment: {
    name: 'local',
    variables: [
      { name: 'baseUrl', value: 'http://127.0.0.1:3000' },
      { name: 'token', value: '', secret: true, hasValue: true },
      { name: 'old', value: 'x', enabled: false },
    ],
  },
};

describe('an environment in the Environments dialog', () => {
  it('marks a secret with a stored value, and sends it back empty to keep it', () => {
    const draft = draftOf(entry);
    expect(draft.variables.map((v) => [v.name, v.secret, v.stored, v.enabled])).toEqual([
      ['baseUrl', false, false, true],
      ['token', true, true, true],
      ['old', false, false, false],
    ]);
    expect(saveBodyOf(draft)).toEqual({
      environment: {
        name: 'local',
        variables: [
          { name: 'baseUrl', value: 'http://127.0.0.1:3000' },
          { name: 'token', value: '', secret: true },
          { name: 'old', value: 'x', enabled: false },
        ],
      },
    });
  });

  it('says what a rename replaces and drops rows without a name', () => {
    const draft = draftOf(entry);
    draft.name = ' staging ';
    draft.variables.push({ ...draft.variables[0]!, key: 99, name: '  ' });
    const body = saveBodyOf(draft);
    expect(body.replaces).toBe('local');
    expect(body.environment.name).toBe('staging');
    expect(body.environment.variables).toHaveLength(3);
  });

  it('names a new environment after the ones taken', () => {
    expect(newDraft([]).name).toBe('New environment');
    expect(newDraft(['New environment', 'New environment 2']).name).toBe('New environment 3');
    expect(saveBodyOf(newDraft([])).replaces).toBeUndefined();
  });

  it('refuses an empty or taken name and a repeated variable before sending', () => {
    const draft = draftOf(entry);
    expect(draftProblem(draft, ['proxy'])).toBeNull();
    expect(draftProblem({ ...draft, name: ' ' }, [])).toMatch(/needs a name/);
    expect(draftProblem({ ...draft, name: 'proxy' }, ['proxy'])).toMatch(/exists already/);
    const twice = { ...draft, variables: [...draft.variables, { ...draft.variables[0]! }] };
    expect(draftProblem(twice, [])).toMatch(/baseUrl is listed twice/);
  });
});
