/**
 * Model files in different styles, for the edit tests: each a small project of its own
 * (`Author` has many `Book`s, `Note` stands alone) that must load and serve after every edit.
 */
export interface CorpusProject {
  readonly name: string;
  /** File name → text. */
  readonly files: Readonly<Record<string, string>>;
  /** How the studio must write decorators here, read from the files (issue 23). */
  readonly writes: {
    /** `@Field({ ... }) name!: T` on one line (Author's file). */
    readonly fieldInline: boolean;
    /** `@HasMany books!: Book[]` on one line (Author's and Note's files). */
    readonly relationInline: boolean;
    /** `@Rest()`, `@HasMany()`: called without arguments. */
    readonly called: boolean;
  };
}

const semiSingle: CorpusProject = {
  name: 'single quotes, semicolons, comments, decorators on their own lines',
  files: {
    'author.ts': `import { FromDataSource, HasMany, Rest } from 'decorest';

import { Book } from './book.js';

// A hand-written comment that must survive every edit.
@Rest
@FromDataSource
export class Author {
  id!: number;
  /** The author's full name. */
  name!: string; // trailing comment

  @HasMany
  books!: Book[];

  describe(): string {
    return \`\${this.name} (\${this.id})\`; // hand-written code
  }
}
`,
    'book.ts': `import { BelongTo, Field, FromDataSource, Rest } from 'decorest';

import { Author } from './author.js';

@Rest
@FromDataSource
export class Book {
  id!: number;
  @Field({ minLength: 1 })
  title!: string;
  pages?: number;

  @BelongTo
  author?: Author;
}
`,
    'note.ts': `import { FromDataSource, Rest } from 'decorest';

@Rest
@FromDataSource
export class Note {
  id!: number;
  text!: string;
}
`,
  },
  writes: { fieldInline: false, relationInline: false, called: false },
};

const doubleNoSemi: CorpusProject = {
  name: 'double quotes, no semicolons, four spaces, inline decorators, inherited class',
  files: {
    'base.ts': `export class Stamped {
    createdAt?: Date
}
`,
    'author.ts': `import {
    FromDataSource,
    HasMany,
    Rest,
} from "decorest"

import { Stamped } from "./base.js"
import { Book } from "./book.js"

/*
 * Block comment above the class.
 */
@Rest
@FromDataSource
export class Author extends Stamped {
    id!: number
    name!: string
    @HasMany books!: Book[]
}
`,
    'book.ts': `import { BelongTo, FromDataSource, Rest } from "decorest"
import { Author } from "./author.js"

@Rest @FromDataSource
export class Book {
    id!: number
    title!: string
    @BelongTo author?: Author
}
`,
    'note.ts': `import { FromDataSource, Rest } from "decorest"

@Rest
@FromDataSource
export class Note {}
`,
  },
  writes: { fieldInline: true, relationInline: true, called: false },
};

const called: CorpusProject = {
  name: 'called decorators, @Field above its field, relations on their member line',
  files: {
    'author.ts': `import { Field, FromDataSource, HasMany, Rest } from 'decorest';

import { Book } from './book.js';

// A hand-written comment that must survive every edit.
@Rest()
@FromDataSource()
export class Author {
  id!: number;
  @Field({ minLength: 1 })
  name!: string;
  @HasMany() books!: Book[];
}
`,
    'book.ts': `import { BelongTo, FromDataSource, Rest } from 'decorest';

import { Author } from './author.js';

@Rest()
@FromDataSource()
export class Book {
  @BelongTo() author?: Author;
  id!: number;
  title!: string;
}
`,
    'note.ts': `import { FromDataSource, Rest } from 'decorest';

@Rest()
@FromDataSource()
export class Note {
  id!: number;
  text!: string;
}
`,
  },
  writes: { fieldInline: false, relationInline: true, called: true },
};

export const CORPUS: readonly CorpusProject[] = [semiSingle, doubleNoSemi, called];
