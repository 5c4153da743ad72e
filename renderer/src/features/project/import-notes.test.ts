import { describe, expect, it } from 'vitest';

import type { ImportPreview } from '../../api';
import { groupNotes } from './import-notes';

const preview: ImportPreview = {
  source: { kind: 'json-server', file: 'db.json' },
  models: [
    {
      name: 'Comment',
      path: 'comments',
      idType: 'number',
      fields: [
        { name: 'body', type: 'string' },
        { name: 'firstName', wireName: 'first-name', type: 'string', optional: true },
      ],
      relations: [{ field: 'postId', target: 'Post' }],
      records: 2,
    },
  ],
  routes: [],
  notes: [
    { kind: 'guess', at: 'Comment.postId', text: 'holds ids of posts: a relation' },
    { kind: 'guess', at: 'Comment.first-name', text: 'named firstName in the model' },
    { kind: 'guess', at: 'comments.id', text: 'ids are numbers' },
    { kind: 'not-imported', at: 'comments', text: '1 item is not an object' },
    {
      kind: 'not-imported',
      at: 'Comment.author',
      text: 'is a nested object: decorest fields hold strings, numbers, booleans and arrays of these',
    },
    { kind: 'not-imported', at: 'profile', text: 'a singular resource' },
    { kind: 'not-imported', at: '#/components/securitySchemes/bearer', text: 'auth' },
  ],
  files: [],
};

describe('groupNotes', () => {
  it('puts a note on the field it names, by model name or path, by field or JSON key', () => {
    const { byField, byModel, other } = groupNotes(preview);
    expect(byField.get('Comment.postId')?.map((n) => n.text)).toEqual([
      'holds ids of posts: a relation',
    ]);
    expect(byField.get('Comment.firstName')?.map((n) => n.text)).toEqual([
      'named firstName in the model',
    ]);
    expect(byField.get('Comment.id')?.map((n) => n.text)).toEqual(['ids are numbers']);
    expect(byModel.get('Comment')?.map((n) => n.text)).toEqual([
      '1 item is not an object',
      // Under the model's card, a field that was not imported is named in the text.
      'author is a nested object: decorest fields hold strings, numbers, booleans and arrays of these',
    ]);
    expect(other.map((n) => n.at)).toEqual(['profile', '#/components/securitySchemes/bearer']);
  });
});
