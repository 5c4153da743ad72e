/**
 * Issue 41: nested objects are typed object fields. A type literal, an interface or alias of the
 * project (imported or not) and a class without `@Rest` all read as `{ kind: 'object' }`; a
 * `@Rest` class stays a relation; a type that contains itself is a load error naming the field.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { LoadError } from '../errors.js';
import { openProject } from '../project/open-project.js';
import type { FieldType, ModelSchema } from './schema.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function folder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

async function project(files: Record<string, string>): Promise<string> {
  const dir = await folder('decorest-objects-');
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

async function modelsOf(files: Record<string, string>): Promise<readonly ModelSchema[]> {
  const p = await openProject(await project(files), { dataDir: await folder('decorest-data-') });
  const models = p.models;
  await p.close();
  return models;
}

async function loadError(files: Record<string, string>): Promise<LoadError> {
  const error = await openProject(await project(files)).then(
    async (p) => {
      await p.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LoadError);
  return error as LoadError;
}

const HEADER = "import { Rest, BelongTo } from 'decorest';\n";

const CATEGORY: FieldType = {
  kind: 'object',
  fields: [
    { name: 'id', type: { kind: 'number', integer: false }, optional: false, nullable: false },
    { name: 'name', type: { kind: 'string' }, optional: true, nullable: false },
  ],
};

describe('object fields from declarations', () => {
  it('reads a type literal, an array of them, and a nullable nested one', async () => {
    const [pet] = await modelsOf({
      'pet.ts': `${HEADER}@Rest export class Pet {
  id!: number;
  category?: { id: number; name?: string };
  tags!: { id: number; name?: string }[];
  owner!: { address: { city: string; zip?: string | null } | null };
}
`,
    });
    const byName = Object.fromEntries(pet!.fields.map((f) => [f.name, f]));
    expect(byName.category).toMatchObject({ type: CATEGORY, optional: true, nullable: false });
    expect(byName.tags!.type).toEqual({ kind: 'array', element: CATEGORY });
    expect(byName.owner!.type).toEqual({
      kind: 'object',
      fields: [
        {
          name: 'address',
          optional: false,
          nullable: true,
          type: {
            kind: 'object',
            fields: [
              { name: 'city', type: { kind: 'string' }, optional: false, nullable: false },
              { name: 'zip', type: { kind: 'string' }, optional: true, nullable: true },
            ],
          },
        },
      ],
    });
  });

  it('reads an interface of the file, one imported from another file, and an object alias', async () => {
    const [pet] = await modelsOf({
      'types.ts': 'export interface Category { id: number; name?: string }\n',
      'pet.ts': `${HEADER}import type { Category } from './types.js';
interface Tag { id: number; name?: string }
type Point = { id: number; name?: string };
@Rest export class Pet {
  id!: number;
  category!: Category | null;
  tags?: Tag[];
  point!: Point;
}
`,
    });
    const byName = Object.fromEntries(pet!.fields.map((f) => [f.name, f]));
    expect(byName.category).toMatchObject({ type: CATEGORY, nullable: true });
    expect(byName.tags).toMatchObject({ type: { kind: 'array', element: CATEGORY } });
    expect(byName.point!.type).toEqual(CATEGORY);
  });

  it('reads a class without @Rest as an object (base classes included); a @Rest class stays a relation', async () => {
    const models = await modelsOf({
      'category.ts': `export class Named { name?: string; }\nexport class Category extends Named { id!: number; }\n`,
      'pet.ts': `${HEADER}import { Category } from './category.js';
@Rest export class Owner { id!: number; }
@Rest export class Pet {
  id!: number;
  category?: Category;
  @BelongTo owner?: Owner;
}
`,
    });
    const pet = models.find((m) => m.name === 'Pet')!;
    // Base class first, as a model's own fields are ordered.
    expect(pet.fields.find((f) => f.name === 'category')!.type).toEqual({
      kind: 'object',
      fields: [CATEGORY.fields[1], CATEGORY.fields[0]],
    });
    expect(pet.relations).toEqual([
      { kind: 'belongTo', field: 'owner', target: 'Owner', optional: true },
    ]);
  });

  it('refuses a type that contains itself, naming the model, the field and the member', async () => {
    const error = await loadError({
      'a.ts': `${HEADER}interface Node { value: number; children?: Node[] }
@Rest export class Tree {
  id!: number;
  root!: Node;
}
`,
    });
    expect(error.code).toBe('UNSUPPORTED_FIELD_TYPE');
    expect(error.message).toContain(
      'a.ts:5: Tree.root: root.children refers back to Node: an object field cannot contain itself',
    );
  });

  it('refuses a class cycle across files and a @Rest model inside an object', async () => {
    const cycle = await loadError({
      'part.ts': `export class Part { name!: string; parent?: Part; }\n`,
      'a.ts': `${HEADER}import { Part } from './part.js';\n@Rest export class Machine {\n  id!: number;\n  part!: Part;\n}\n`,
    });
    expect(cycle.message).toContain('Machine.part: part.parent refers back to Part');
    const relation = await loadError({
      'a.ts': `${HEADER}@Rest export class User { id!: number; }\n@Rest export class Post {\n  id!: number;\n  meta!: { author: User };\n}\n`,
    });
    expect(relation.message).toContain('Post.meta: meta.author: the type User is not a JSON type');
  });

  it('refuses objects nested deeper than the bound', async () => {
    let literal = '{ leaf: string }';
    for (let i = 0; i < 9; i++) literal = `{ inner: ${literal} }`;
    const error = await loadError({
      'a.ts': `${HEADER}@Rest export class Deep {\n  id!: number;\n  value!: ${literal};\n}\n`,
    });
    expect(error.message).toContain('nests objects deeper than 8 levels');
  });
});
