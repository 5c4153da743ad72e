import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { startServer } from '../http/node-server.js';
import { openProject } from '../project/open-project.js';
import { CORPUS, type CorpusProject } from './corpus.js';
import { addRelationPair, createModelFile } from './create-model.js';
import { unifiedDiff } from './diff.js';
import {
  addField,
  changeFieldType,
  removeField,
  renameField,
  setFieldRules,
} from './field-edits.js';
import { ModelEditError } from './source-text.js';
import { DEFAULT_STYLE, detectStyle } from './style.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** Writes the project with `changed` files replaced, loads it, serves it, lists each model's fields. */
async function loadsAndServes(
  project: CorpusProject,
  changed: Record<string, string>,
): Promise<Map<string, string[]>> {
  const dir = await mkdtemp(join(tmpdir(), 'decorest-model-edit-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries({ ...project.files, ...changed }))
    await writeFile(join(dir, name), text);
  const runtime = await openProject(dir, { data: false });
  const server = await startServer({ port: 0, table: runtime.table });
  try {
    for (const model of runtime.models) {
      const answer = await fetch(`${server.url}/${model.path}`);
      expect(answer.status).toBe(200);
    }
    return new Map(
      runtime.models.map((m) => [
        m.name,
        [...m.fields.map((f) => f.name), ...m.relations.map((r) => r.field)],
      ]),
    );
  } finally {
    await server.close();
    await runtime.close();
  }
}

/** The lines a diff removes and adds, without import lines (`import {`, or `  Field,` in a long one). */
function memberLines(before: string, after: string): { removed: string[]; added: string[] } {
  const { removed, added } = changedLines(before, after);
  const member = (l: string) => !/^import |^\s+\w+,$/.test(l);
  return { removed: removed.filter(member), added: added.filter(member) };
}

/** The lines a diff removes and adds: everything else is byte-identical. */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const lines = unifiedDiff('f.ts', before, after).split('\n');
  return {
    removed: lines.filter((l) => l.startsWith('-') && !l.startsWith('---')).map((l) => l.slice(1)),
    added: lines.filter((l) => l.startsWith('+') && !l.startsWith('+++')).map((l) => l.slice(1)),
  };
}

describe.each(CORPUS)('model edits: $name', (project) => {
  const style = detectStyle(Object.values(project.files));
  const semi = style.semi ? ';' : '';
  const book = project.files['book.ts']!;
  const author = project.files['author.ts']!;

  it('detects the style', () => {
    expect(style.quote).toBe(book.includes('"decorest"') ? '"' : "'");
    expect(style.semi).toBe(book.includes("from 'decorest';"));
  });

  it('adds a field after the last one, one new line', async () => {
    const after = addField(book, 'Book', { name: 'isbn', type: 'string', optional: true }, style);
    expect(changedLines(book, after)).toEqual({
      removed: [],
      added: [`${style.indent}isbn?: string${semi}`],
    });
    expect((await loadsAndServes(project, { 'book.ts': after })).get('Book')).toContain('isbn');
  });

  it('adds a field with rules and imports Field when needed', async () => {
    const after = addField(
      author,
      'Author',
      { name: 'email', type: 'string', rules: { format: 'email' } },
      style,
    );
    const { removed, added } = changedLines(author, after);
    const rule = `@Field({ format: ${style.quote}email${style.quote} })`;
    if (project.writes.fieldInline)
      expect(added).toContain(`${style.indent}${rule} email!: string${semi}`);
    else {
      expect(added).toContain(`${style.indent}${rule}`);
      expect(added).toContain(`${style.indent}email!: string${semi}`);
    }
    expect(removed.every((l) => l.includes('decorest') || l.includes('Rest'))).toBe(true);
    expect(removed.length).toBeLessThanOrEqual(1);
    expect((await loadsAndServes(project, { 'author.ts': after })).get('Author')).toContain(
      'email',
    );
  });

  it('adds a plain field after the last plain field, before the relations (issue 23)', () => {
    for (const [model, text] of [
      ['Book', book],
      ['Author', author],
    ] as const) {
      const lines = addField(text, model, { name: 'isbn', type: 'string' }, style).split('\n');
      const added = lines.findIndex((l) => l.includes('isbn!: string'));
      const lastPlain = lines.findLastIndex(
        (l, i) =>
          i !== added &&
          /^\s+(@Field\(.*\) )?\w+[!?]: /.test(l) &&
          !/[A-Z]\w*(\[\])?;?$/.test(l.trim()),
      );
      const firstRelation = lines.findIndex((l) => /@(HasMany|BelongTo)/.test(l));
      expect(added, `${model}: ${lines.join('\n')}`).toBe(lastPlain + 1);
      if (firstRelation > added) expect(lines[added + 1]?.trim() ?? '').not.toMatch(/^\w+[!?]:/);
    }
  });

  it('renames a field in place', async () => {
    const after = renameField(book, 'Book', 'title', 'heading');
    const { removed, added } = changedLines(book, after);
    expect(removed).toHaveLength(1);
    expect(added).toEqual([removed[0]!.replace('title', 'heading')]);
    expect((await loadsAndServes(project, { 'book.ts': after })).get('Book')).toContain('heading');
  });

  it('removes a field with its doc comment and decorators, nothing else', async () => {
    const after = removeField(author, 'Author', 'name');
    const { removed, added } = changedLines(author, after);
    expect(added).toEqual([]);
    expect(removed.some((l) => l.includes('name!: string'))).toBe(true);
    expect(after).toContain(
      author.includes('hand-written comment') ? '// A hand-written comment' : 'Block comment',
    );
    expect((await loadsAndServes(project, { 'author.ts': after })).get('Author')).not.toContain(
      'name',
    );
  });

  it('changes a type and optionality in place', async () => {
    const after = changeFieldType(book, 'Book', 'title', "'draft' | 'final'", true);
    const { removed, added } = changedLines(book, after);
    expect(removed).toHaveLength(1);
    expect(added).toEqual([removed[0]!.replace('title!: string', "title?: 'draft' | 'final'")]);
    await loadsAndServes(project, { 'book.ts': after });
  });

  it('sets, replaces and removes @Field rules', async () => {
    const indent = style.indent;
    const id = `id!: number${semi}`;
    const set = setFieldRules(author, 'Author', 'id', { min: 1 }, style);
    if (project.writes.fieldInline)
      expect(memberLines(author, set)).toEqual({
        removed: [`${indent}${id}`],
        added: [`${indent}@Field({ min: 1 }) ${id}`],
      });
    else expect(changedLines(author, set).added).toContain(`${indent}@Field({ min: 1 })`);
    await loadsAndServes(project, { 'author.ts': set });
    const replaced = setFieldRules(set, 'Author', 'id', { min: 2, max: 9 }, style);
    const [before, after] = project.writes.fieldInline ? [` ${id}`, ` ${id}`] : ['', ''];
    expect(changedLines(set, replaced)).toEqual({
      removed: [`${indent}@Field({ min: 1 })${before}`],
      added: [`${indent}@Field({ min: 2, max: 9 })${after}`],
    });
    const cleared = setFieldRules(replaced, 'Author', 'id', {}, style);
    expect(changedLines(replaced, cleared)).toEqual({
      removed: [`${indent}@Field({ min: 2, max: 9 })${before}`],
      added: project.writes.fieldInline ? [`${indent}${id}`] : [],
    });
  });

  it("keeps a field's index: false through a rules edit (issue 44)", () => {
    const unindexed = setFieldRules(author, 'Author', 'id', { min: 1 }, style).replace(
      '@Field({ min: 1 })',
      '@Field({ index: false, min: 1 })',
    );
    const edited = setFieldRules(unindexed, 'Author', 'id', { max: 9 }, style);
    expect(edited).toContain('@Field({ index: false, max: 9 })');
    const cleared = setFieldRules(edited, 'Author', 'id', {}, style);
    expect(cleared).toContain('@Field({ index: false })');
  });

  it('creates a model file in the project style that loads', async () => {
    const { fileName, text } = createModelFile(
      {
        name: 'QuoteCard',
        fields: [
          { name: 'body', type: 'string', rules: { maxLength: 200 } },
          { name: 'stars', type: 'number', optional: true },
        ],
      },
      style,
    );
    expect(fileName).toBe('quote-card.ts');
    expect(() =>
      createModelFile({ name: 'QuoteCard', fields: [{ name: 'id', type: 'string' }] }, style),
    ).toThrow(/id is declared for you/);
    expect(text).toContain(`from ${style.quote}decorest${style.quote}${semi}\n`);
    expect(text).toContain(`\n${style.indent}id!: number${semi}\n`);
    const call = project.writes.called ? '()' : '';
    expect(text).toContain(`\n@Rest${call}\n@FromDataSource${call}\nexport class QuoteCard {`);
    expect((await loadsAndServes(project, { [fileName]: text })).get('QuoteCard')).toEqual([
      'body',
      'stars',
    ]);
  });

  it('links two models: @HasMany on one file, @BelongTo on the other', async () => {
    const note = project.files['note.ts']!;
    const { parent, child } = addRelationPair(
      {
        parent: { model: 'Author', text: author, importPath: './author.js' },
        child: { model: 'Note', text: note, importPath: './note.js' },
      },
      style,
    );
    const { writes } = project;
    const call = writes.called ? '()' : '';
    const indent = style.indent;
    expect(changedLines(author, parent).removed.every((l) => /decorest|Rest/.test(l))).toBe(true);
    // Author's last member is a relation already: the new one joins it, no blank line between.
    const hasMany = writes.relationInline
      ? [`${indent}@HasMany${call} notes!: Note[]${semi}`]
      : [`${indent}@HasMany${call}`, `${indent}notes!: Note[]${semi}`];
    expect(memberLines(author, parent).added).toEqual(hasMany);
    const belongTo = writes.relationInline
      ? [`${indent}@BelongTo${call} author?: Author${semi}`]
      : ['', `${indent}@BelongTo${call}`, `${indent}author?: Author${semi}`];
    const added = memberLines(note, child).added.filter((l) => l.startsWith(indent));
    expect(added).toEqual(belongTo.filter((l) => l !== ''));
    if (!writes.relationInline) expect(child).toContain(`\n\n${belongTo.slice(1).join('\n')}`);
    const loaded = await loadsAndServes(project, { 'author.ts': parent, 'note.ts': child });
    expect(loaded.get('Note')).toContain('author');
  });

  it('refuses what would not load, with a clear error', () => {
    expect(() => renameField(book, 'Book', 'title', 'id')).toThrow(ModelEditError);
    expect(() => renameField(book, 'Book', 'nope', 'x')).toThrow(/declares no field nope/);
    for (const type of [
      'string;}',
      "string = require('fs')",
      'string, y',
      '',
      // An object type is a field type (issue 41); anything but plain typed members is not.
      '{}',
      '{ a(): void }',
      '{ [k: string]: number }',
      '{ a: string }; process.exit()',
      '{ a: string } }',
      '{ a: typeof process }',
    ])
      expect(() => addField(book, 'Book', { name: 'x', type }, style)).toThrow(/not a field type/);
    for (const type of [
      'string',
      'Date | null',
      "'low' | 'high'",
      'number[]',
      "{ id: number; 'first-name'?: string | null }[]",
    ])
      expect(() => addField(book, 'Book', { name: 'x', type }, style)).not.toThrow();
    expect(() => addField(book, 'Book', { name: '1x', type: 'string' }, style)).toThrow(
      /not a valid field name/,
    );
  });
});

describe('unifiedDiff', () => {
  it('prints a changed line as removed then added, with context and hunk ranges', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\n';
    const after = 'a\nb\nc\nd\nE\nf\ng\nh\n';
    expect(unifiedDiff('x.ts', before, after)).toBe(
      '--- a/x.ts\n+++ b/x.ts\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n',
    );
    expect(unifiedDiff('x.ts', before, before)).toBe('');
    expect(unifiedDiff('n.ts', '', 'x\n')).toBe('--- /dev/null\n+++ b/n.ts\n@@ -0,0 +1,1 @@\n+x\n');
  });
});

describe('a new field in a class that has only relations', () => {
  it('goes above the first relation and its doc comment', () => {
    const text = 'export class Tag {\n  /** The parent. */\n  @BelongTo parent?: Tag;\n}\n';
    expect(addField(text, 'Tag', { name: 'label', type: 'string' }, DEFAULT_STYLE)).toBe(
      'export class Tag {\n  label!: string;\n  /** The parent. */\n  @BelongTo parent?: Tag;\n}\n',
    );
  });
});
