/**
 * Model edits on the wire (issue 17): a model file's source, the edits the studio makes, their
 * previews (diffs, data migrations, records a new rule refuses) and results. Types and
 * constants only (the renderer imports them).
 */
import type { ProjectStatus } from './project-api.js';
import type { FieldRulesEdit, JsonValue } from './values.js';

/** A field to write: `type` as TypeScript (`string`, `Date`, `'low' | 'high'`, `number[]`). */
export interface FieldSpecInfo {
  name: string;
  type: string;
  optional?: boolean;
  rules?: FieldRulesEdit;
}

export interface NewModelSpec {
  /** PascalCase class name; the file is its kebab-case name (`QuoteBook` → `quote-book.ts`). */
  name: string;
  /** Besides `id!: number`, which every new model gets. */
  fields: FieldSpecInfo[];
  /** Existing models the new one belongs to: `@BelongTo` here, `@HasMany` there. */
  belongTo?: { target: string; field?: string; hasMany?: string }[];
}

/**
 * The field types the studio offers, and the ones a type change can convert stored values to
 * (`changeField` with `convert`).
 */
export const FIELD_TYPES = ['string', 'number', 'boolean', 'Date', 'string[]', 'number[]'] as const;
export type FieldTypeText = (typeof FIELD_TYPES)[number];

/**
 * One change of the project's model files. `migrate` (rename, remove) rewrites the datafile
 * too, in one atomic batch; without it the records keep the old key. `default` fills a new
 * field in the existing records (required when a required field is added to a non-empty model).
 */
export type ModelEdit =
  | { kind: 'createModel'; model: NewModelSpec }
  | { kind: 'addField'; model: string; field: FieldSpecInfo; default?: JsonValue }
  | { kind: 'renameField'; model: string; field: string; to: string; migrate?: boolean }
  | { kind: 'removeField'; model: string; field: string; migrate?: boolean }
  | {
      kind: 'changeField';
      model: string;
      field: string;
      type: string;
      optional: boolean;
      /** Convert the stored values to the new type (all or nothing; see `DataMigration`). */
      convert?: boolean;
    }
  | {
      kind: 'setRules';
      model: string;
      field: string;
      rules: FieldRulesEdit;
      /**
       * Move the stored values (and the seed's) that break the new rules inside them: numbers
       * to the nearest bound, texts cut to `maxLength`; all or nothing (see `BreakingRecords`).
       */
      fit?: boolean;
    }
  | { kind: 'link'; parent: string; child: string; hasMany?: string; belongTo?: string }
  | {
      /**
       * Opens (`open: true`) or closes the model (issue 42): `@Rest({ open: true })` in its file.
       * Closing with `fit` drops the undeclared fields from the records and the seed (see
       * `BreakingRecords`); without it they stay, and every write of one of them is a 422.
       */
      kind: 'setOpen';
      model: string;
      open: boolean;
      fit?: boolean;
    };

/** A decorator's place in a model file, for highlighting (offsets into `text`). */
export interface DecoratorRange {
  name: string;
  from: number;
  to: number;
  /** 1-based. */
  line: number;
}

export interface ModelSource {
  model: string;
  /** Absolute path. */
  file: string;
  text: string;
  /** SHA-256 hex of `text`: pass it back so a file changed on disk since is refused (409). */
  hash: string;
  decorators: DecoratorRange[];
}

export interface ModelFileChange {
  /** Absolute path. */
  file: string;
  /** Relative to the project folder, as the diff names it. */
  relative: string;
  /** Hash of the file as it is now; `null` for a file the edit creates. */
  hash: string | null;
  created: boolean;
  /** Unified diff (`--- a/x.ts` / `+++ b/x.ts`). */
  diff: string;
}

export interface DataMigration {
  model: string;
  /**
   * `convert`: each stored value of `field` becomes the type `to`; `fit`: each value is moved
   * inside the new rules (a 422 names any that cannot).
   */
  action: 'rename' | 'drop' | 'default' | 'convert' | 'fit' | 'dropUndeclared';
  field: string;
  to?: string;
  value?: JsonValue;
  /** Records the migration changes. */
  records: number;
  /** Rows of the model's seed file (`seed/<path>.json`) it changes the same way. */
  seedRecords: number;
}

/**
 * Stored records and seed rows the edited model will refuse (a tightened rule, a new required
 * field the seed does not hold): they keep their values, and every write of one of them, or a
 * Reset to seed, is a 422 until it is fixed.
 */
export interface BreakingRecords {
  field: string;
  records: number;
  seedRecords: number;
  /** The first few, each with its problem (`record 3: must be >= 10, got 0`). */
  examples: string[];
  /** `setRules` (or closing a model, `setOpen`) with `fit` can mend every one of them. */
  fittable: boolean;
}

export interface ModelEditPreview {
  files: ModelFileChange[];
  /** What `applyModelEdit` would do to the records, when asked to migrate or fill a default. */
  migration?: DataMigration;
  /** Records the edited model holds now (a required new field needs a default when > 0). */
  records: number;
  breaking?: BreakingRecords;
}

export interface ApplyModelEditBody {
  edit: ModelEdit;
  /** Each file's hash as previewed (`null`: must not exist yet); a mismatch is a 409. */
  hashes: Record<string, string | null>;
}

export interface CreateModelBody {
  model: NewModelSpec;
  hashes: Record<string, string | null>;
}

export interface ModelEditResult {
  /** Files written (absolute). */
  files: string[];
  /** Records the data migration changed. */
  migrated: number;
  /** Seed rows it changed. */
  seedMigrated: number;
  /** The project after the reload the write caused. */
  project: ProjectStatus;
}
