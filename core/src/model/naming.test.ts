import { describe, expect, it } from 'vitest';

import { withArticle } from './naming.js';

describe('withArticle', () => {
  it('says "an" before a vowel sound and "a" before a consonant sound', () => {
    expect(withArticle('Author')).toBe('an Author');
    expect(withArticle('Item')).toBe('an Item');
    expect(withArticle('Order')).toBe('an Order');
    expect(withArticle('Update')).toBe('an Update');
    expect(withArticle('Hour')).toBe('an Hour');
    expect(withArticle('User')).toBe('a User');
    expect(withArticle('Unit')).toBe('a Unit');
    expect(withArticle('Euro')).toBe('a Euro');
    expect(withArticle('Todo')).toBe('a Todo');
    expect(withArticle('Book')).toBe('a Book');
  });
});
