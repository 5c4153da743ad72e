/**
 * Issue 42, "Types by what the data says": a northwind db.json whose fields are numbers and
 * booleans but for a few odd values (`"unitPrice": "21.35"`, `"unitsInStock": "2"`,
 * `"discontinued": "true"`, `"reorderLevel": "n/a"`). `decorest init --from` keeps the fields
 * numbers and booleans, writes the odd values that read back exactly as numbers or booleans,
 * leaves out the one that does not, and lists each. json-server 0.17 serves the same file, so
 * sorts, range filters and a POST with numbers are compared with its answers; where json-server
 * compared a string's text, the test says what each answers.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { askBoth, usePair } from '../test-support/json-server-pair.js';
import { storeChoices, useStore } from '../test-support/store-choice.js';

const DB = fileURLToPath(new URL('./fixtures/json-server-northwind.json', import.meta.url));

type Product = Record<string, unknown> & { id: number };

/** A product of json-server's answer as the import wrote it to the seed. */
function asImported(product: Product): Product {
  const out: Product = { ...product };
  for (const key of ['unitPrice', 'unitsInStock'])
    if (typeof out[key] === 'string') out[key] = Number(out[key]);
  if (typeof out.discontinued === 'string') out.discontinued = out.discontinued === 'true';
  if (out.reorderLevel === 'n/a') delete out.reorderLevel;
  return out;
}

const idsOf = (body: unknown): number[] => (body as Product[]).map((p) => p.id);

describe.each(storeChoices())('a northwind db.json with odd values on the %s store', (store) => {
  const storeOptions = useStore(store);
  const pair = usePair(DB, async () => (await storeOptions()).database);

  it('types the fields by their values and lists every value init rewrote or left out', async () => {
    const model = await readFile(join(pair().dir, 'api/product.ts'), 'utf8');
    expect(model).toMatch(/\bunitPrice\?: number;/);
    expect(model).toMatch(/\bunitsInStock\?: number;/);
    expect(model).toMatch(/\bunitsOnOrder\?: number \| null;/);
    expect(model).toMatch(/\breorderLevel\?: number;/);
    expect(model).toMatch(/\bdiscontinued\?: boolean;/);
    expect(model).toMatch(/\bquantityPerUnit\?: string;/);
    const seed = JSON.parse(
      await readFile(join(pair().dir, 'api/seed/products.json'), 'utf8'),
    ) as Product[];
    const theirs = JSON.parse(await readFile(DB, 'utf8')) as { products: Product[] };
    expect(seed).toEqual(theirs.products.map(asImported));
    const lines = pair().init.split('\n');
    const line = (at: string): string => lines.find((l) => l.trim().startsWith(`${at}:`)) ?? '';
    expect(line('Product.unitPrice')).toMatch(/id 5 "21\.35" → 21\.35/);
    expect(line('Product.unitsInStock')).toMatch(/id 8 "2" → 2/);
    expect(line('Product.discontinued')).toMatch(/id 17 "true" → true/);
    expect(line('Product.reorderLevel')).toMatch(/typed number, that one left out of the seed/);
    const notImported = pair().init.slice(pair().init.indexOf('\nnot imported:'));
    expect(notImported).toMatch(
      /\n {2}Product\.reorderLevel: left out of the seed.*: id 11 "n\/a"\n/,
    );
  });

  it('sorts and filters the numbers as numbers, as json-server answers them', async () => {
    for (const path of [
      '/products?_sort=unitPrice&_order=desc',
      '/products?_sort=unitPrice',
      '/products?unitsInStock_lte=5',
      '/products?unitPrice_gte=20&unitPrice_lte=40',
      '/products?unitsInStock=2',
      '/products?discontinued=true',
      '/categories/2/products?_sort=unitPrice&_order=desc',
    ]) {
      const { theirs, ours } = await askBoth(pair(), 'GET', path);
      expect(theirs.status, path).toBe(200);
      expect({ path, status: ours.status, body: ours.json }).toEqual({
        path,
        status: 200,
        body: (theirs.json as Product[]).map(asImported),
      });
    }
    const sorted = await askBoth(pair(), 'GET', '/products?_sort=unitPrice&_order=desc&_limit=4');
    expect((sorted.ours.json as Product[]).map((p) => p.unitPrice)).toEqual([97, 81, 62.5, 40]);
    const low = await askBoth(pair(), 'GET', '/products?unitsInStock_lte=5');
    expect(idsOf(low.ours.json)).toEqual([5, 8, 17]);
  });

  it('compares the written value where json-server compared the text "2" with "15"', async () => {
    const { theirs, ours } = await askBoth(pair(), 'GET', '/products?unitsInStock_lte=15');
    // json-server 0.17 compares the query's text with the stored string: "15" >= "2" is false.
    expect(idsOf(theirs.json)).toEqual([3, 5, 7, 17]);
    expect(idsOf(ours.json)).toEqual([3, 5, 7, 8, 17]);
  });

  it('creates a product sent with numbers and booleans, as json-server does', async () => {
    const { theirs, ours } = await askBoth(pair(), 'POST', '/products', {
      name: 'Gravad lax',
      categoryId: 8,
      quantityPerUnit: '12 - 500 g pkgs.',
      unitPrice: 26,
      unitsInStock: 11,
      unitsOnOrder: 50,
      reorderLevel: 25,
      discontinued: false,
    });
    expect(theirs.status).toBe(201);
    expect({ status: ours.status, body: ours.json }).toEqual({ status: 201, body: theirs.json });
    const { theirs: listed, ours: ourList } = await askBoth(
      pair(),
      'GET',
      '/products?_sort=unitPrice&_order=desc&unitPrice_lte=30',
    );
    expect(ourList.json).toEqual((listed.json as Product[]).map(asImported));
  });
});
