/**
 * Issue 41: `init --from` refuses well-known files of another kind, saying what the file looks
 * like and which command takes it, instead of planning junk models from them.
 */
import { readFile } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';

import { WrongSourceError } from '../errors.js';
import { planImportText } from './read-source.js';

const text = (path: string) => readFile(new URL(path, import.meta.url), 'utf8');
const refusal = async (file: string, source: string) => {
  try {
    await planImportText(file, source);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('init --from refuses what is not an import source of its own', () => {
  it('names a package.json as one, and says init takes db.json, OpenAPI or Mockoon', async () => {
    const error = await refusal('package.json', await text('./fixtures/storefront-package.json'));
    expect(error).toBeInstanceOf(WrongSourceError);
    expect((error as Error).message).toBe(
      'package.json: looks like an npm package.json (name, dependencies, scripts), not an import source of init: decorest does not import this kind of file. init --from takes a json-server db.json, an OpenAPI document, a Mockoon environment or a HAR file',
    );
  });

  it("sends a Postman collection and environment to the Console's Import…", async () => {
    const collection = await refusal(
      'blog.json',
      await text('../requests/import/fixtures/blog-api.postman_collection.json'),
    );
    expect(collection).toBeInstanceOf(WrongSourceError);
    expect((collection as Error).message).toMatch(
      /^blog\.json: looks like a Postman collection \(info\.schema\), not an import source of init: import it in the studio's Console \(Saved tab, Import…\)\./,
    );
    const environment = await refusal(
      'staging.json',
      await text('../requests/import/fixtures/blog-staging.postman_environment.json'),
    );
    expect((environment as Error).message).toMatch(/looks like a Postman environment/);
  });

  it('reads a HAR file (issue 46), and names a bruno.json', async () => {
    const har = await planImportText('checkout.har', await text('./fixtures/checkout.har'));
    expect(har.source.kind).toBe('har');
    // Named .json, it is still told by its content.
    const asJson = await planImportText('checkout.json', await text('./fixtures/checkout.har'));
    expect(asJson.source.kind).toBe('har');
    const bruno = '{ "version": "1", "name": "Shop", "type": "collection" }';
    expect(((await refusal('bruno.json', bruno)) as Error).message).toMatch(
      /looks like a Bruno collection's bruno\.json, .*import it in the studio's Console/,
    );
  });

  it('still reads a db.json, an object of arrays of records or of singular objects', async () => {
    const plan = await planImportText(
      'db.json',
      JSON.stringify({ posts: [{ id: 1, title: 'a' }], comments: [], profile: { name: 'x' } }),
    );
    expect(plan.source.kind).toBe('json-server');
    expect(plan.models.map((m) => m.name)).toEqual(['Post', 'Comment']);
  });

  it('refuses an object of plain values as no db.json at all', async () => {
    const error = await refusal('settings.json', '{ "theme": "dark", "fontSize": 14 }');
    expect(error).not.toBeInstanceOf(WrongSourceError);
    expect((error as Error).message).toMatch(/^settings\.json: is not a json-server db\.json/);
  });
});
