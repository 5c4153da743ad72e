/**
 * Issue 47 through the real `decorest run` command (CONTRACT §7), secrets: one with no value is
 * refused naming DECOREST_VAR_<name> and taken from there, or from the studio's user config
 * folder; a report never shows it.
 */
import { describe, expect, it } from 'vitest';

import { SecretStore } from '../requests/secret-store.js';
import { config, project, run, status, useRunHarness } from '../test-support/run-harness.js';

useRunHarness();

describe('decorest run: secrets', () => {
  const spec = {
    'auth.json': {
      name: 'Auth',
      url: '/auth',
      headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }],
      assertions: [status(200)],
    },
  };
  const ci = { name: 'CI', variables: [{ name: 'token', value: '', secret: true }] };

  it('refuses a secret with no value, naming DECOREST_VAR_<name>; takes it from there', async () => {
    const dir = await project(spec, [ci]);
    const refused = await run([dir, '--env', 'CI']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'the secret {{token}} of environment "CI" has no value here (the studio keeps secrets in its user config folder): set DECOREST_VAR_token',
    );
    const given = await run([dir, '--env', 'CI'], { DECOREST_VAR_token: 's3cret' });
    expect(given.code, given.stdout).toBe(0);
    // A report never shows a secret: the URL and headers as saved.
    expect(given.stdout).not.toContain('s3cret');
  });

  it("takes a secret the studio stored in the user's config folder", async () => {
    const dir = await project(spec, [ci]);
    await new SecretStore(config, dir).update('CI', { token: 's3cret' }, ['token']);
    const result = await run([dir, '--env', 'CI']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });
});
