/**
 * Issue 42, "Types by what the data says", in the plan of a json-server db.json: a field of
 * numbers or booleans with a few written as text stays a number or boolean (the text written
 * as one in the seed, a value that fits no type left out), ids and links alike, and each
 * rewrite is listed. (The same served beside json-server: json-server-types.test.ts.)
 */
import { describe, expect, it } from 'vitest';

import { planJsonServerDb } from './json-server-db.js';
import { model, notesAt } from './test-support/plan-lookup.js';

/** Ten products: prices all numbers, stock numbers but for what `odd` puts in. */
const products = (odd: Record<number, Record<string, unknown>> = {}) =>
  Array.from({ length: 10 }, (_, i) => ({
    id: i + 1,
    unitPrice: [18, 9.65, 97, 21.35, 10, 4.5, 263.5, 12, 7, 30][i],
    unitsInStock: i * 3,
    ...odd[i + 1],
  }));

describe('json-server db.json: types by what the data says (issue 42)', () => {
  it('keeps a field of numbers with one "2" a number, writes 2 in the seed and lists it', () => {
    const plan = planJsonServerDb('db.json', { products: products({ 4: { unitsInStock: '2' } }) });
    const product = model(plan, 'Product');
    // Only the field holding the text changes: unitPrice keeps its type.
    expect(product.fields).toEqual([
      { name: 'unitPrice', type: 'number', optional: true },
      { name: 'unitsInStock', type: 'number', optional: true },
    ]);
    expect(product.seed.map((r) => r.unitsInStock)).toEqual([0, 3, 6, 2, 12, 15, 18, 21, 24, 27]);
    expect(notesAt(plan, 'Product.unitsInStock')).toEqual([
      {
        kind: 'guess',
        at: 'Product.unitsInStock',
        text: 'holds numbers and 1 number written as text: typed number, that one written as a number in the seed: id 4 "2" → 2',
      },
    ]);
    expect(notesAt(plan, 'Product.unitPrice')).toEqual([]);
  });

  it('leaves out a value that fits no number, makes the field optional and lists the value as not imported', () => {
    const plan = planJsonServerDb('db.json', {
      products: products({ 3: { unitPrice: 'n/a' }, 6: { unitPrice: '4.5' } }),
    });
    const product = model(plan, 'Product');
    expect(product.fields[0]).toEqual({ name: 'unitPrice', type: 'number', optional: true });
    expect(product.seed[2]).toEqual({ id: 3, unitsInStock: 6 });
    expect(product.seed[5]).toEqual({ id: 6, unitPrice: 4.5, unitsInStock: 15 });
    expect(notesAt(plan, 'Product.unitPrice')).toEqual([
      {
        kind: 'guess',
        at: 'Product.unitPrice',
        text: 'holds numbers, 1 number written as text and 1 value that is no number: typed number, the text written as a number in the seed and the other left out: id 6 "4.5" → 4.5',
      },
      {
        kind: 'not-imported',
        at: 'Product.unitPrice',
        text: 'left out of the seed, fitting no type of the field: id 3 "n/a"',
      },
    ]);
  });

  it('keeps a field text when more than one value in ten fits no number', () => {
    const plan = planJsonServerDb('db.json', {
      products: products({ 3: { unitPrice: 'n/a' }, 6: { unitPrice: 'call us' } }),
    });
    expect(model(plan, 'Product').fields[0]).toEqual({
      name: 'unitPrice',
      type: 'string',
      optional: true,
    });
    expect(model(plan, 'Product').seed[0]!.unitPrice).toBe('18');
    expect(notesAt(plan, 'Product.unitPrice')[0]?.text).toMatch(
      /^holds number and string values: typed string .*: id 1 18 → "18", id 2 9\.65 → "9\.65"/,
    );
  });

  it('types booleans written as text as booleans, and object members and array items alike', () => {
    const plan = planJsonServerDb('db.json', {
      items: [
        { id: 1, done: true, size: { w: 2, h: 1 }, codes: [1, 2] },
        { id: 2, done: 'false', size: { w: '3', h: 1.5 }, codes: ['3'] },
        { id: 3, done: false, size: { w: 4, h: 2 }, codes: [] },
      ],
    });
    const item = model(plan, 'Item');
    expect(item.fields).toEqual([
      { name: 'done', type: 'boolean', optional: true },
      { name: 'size', type: '{ w: number; h: number }', optional: true },
      { name: 'codes', type: 'number[]', optional: true },
    ]);
    expect(item.seed[1]).toEqual({ id: 2, done: false, size: { w: 3, h: 1.5 }, codes: [3] });
    expect(notesAt(plan, 'Item.done')[0]?.text).toMatch(/: id 2 "false" → false$/);
    expect(notesAt(plan, 'Item.size')[0]?.text).toMatch(/^w holds numbers .*: id 2 w "3" → 3$/);
    expect(notesAt(plan, 'Item.codes')[0]?.text).toMatch(/typed number\[\].*: id 2 \[0\] "3" → 3$/);
  });

  it('links an xId holding one id written as text, and names records without an id by place', () => {
    const plan = planJsonServerDb('db.json', {
      categories: [{ id: 1 }, { id: 2 }],
      products: [
        { id: 1, categoryId: 1 },
        { id: 2, categoryId: '2' },
        { categoryId: 2 },
        { id: 4, categoryId: 1 },
      ],
    });
    const product = model(plan, 'Product');
    expect(product.relations).toEqual([
      { field: 'categoryId', target: 'Category', hasMany: 'products', onDelete: 'cascade' },
    ]);
    expect(product.seed.map((r) => r.categoryId)).toEqual([1, 2, 2, 1]);
    expect(notesAt(plan, 'Product.categoryId')[0]?.text).toMatch(/: id 2 "2" → 2$/);
    const unnamed = planJsonServerDb('db.json', { items: [{ id: 1, n: 1 }, { n: '2' }] });
    expect(notesAt(unnamed, 'Item.n')[0]?.text).toMatch(/: \/items\/1 "2" → 2$/);
  });

  it('types ids that are numbers but for one written as text as numbers; ids all text stay text', () => {
    const plan = planJsonServerDb('db.json', {
      posts: [{ id: 1 }, { id: '2' }, { id: 3 }],
      comments: [
        { id: 1, postId: 2 },
        { id: 2, postId: '3' },
      ],
      tags: [{ id: '1' }, { id: '2' }],
    });
    expect(model(plan, 'Post').idType).toBe('number');
    expect(model(plan, 'Post').seed.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(notesAt(plan, 'posts.id')[0]?.text).toBe(
      'holds numbers and 1 written as text: typed number, that one written as a number in the seed: /posts/1 "2" → 2',
    );
    // The link holding "3" follows: every value names a post once both are numbers.
    expect(model(plan, 'Comment').relations[0]?.target).toBe('Post');
    expect(model(plan, 'Tag').idType).toBe('string');
    expect(notesAt(plan, 'tags.id')).toEqual([]);
  });

  it('names the first 20 rewrites of a field and counts the rest', () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, n: i < 5 ? i : String(i) }));
    const plan = planJsonServerDb('db.json', { items });
    const text = notesAt(plan, 'Item.n')[0]!.text;
    expect(text).toMatch(/: id 6 "5" → 5, .*, id 25 "24" → 24, and 5 more$/);
    expect(text.match(/→/g)).toHaveLength(20);
  });
});
