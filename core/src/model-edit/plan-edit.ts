/**
 * A {@link ModelEdit} against the files on disk: which files change and how (texts before and
 * after), and what the records need. Nothing is written here; `apply-edit.ts` writes.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

import type { ModelRuntime } from '../app/model-runtime.js';
import type { ModelEdit, NewModelSpec } from '../contract/control-api.js';
import { problems } from '../errors.js';
import { insideProject, readProjectFile } from '../persistence/inside-project.js';
import type { ProjectRuntime } from '../project/open-project.js';
import { declaredKeys } from './breaking-records.js';
import { checkDefaults, checkShape } from './check-edit.js';
import { converterTo, CONVERTIBLE_TYPES } from './convert-values.js';
import { addRelationPair, createModelFile } from './create-model.js';
import {
  addField,
  changeFieldType,
  removeField,
  renameField,
  setFieldRules,
} from './field-edits.js';
import type { MigrationOp } from './migrate-rows.js';
import { setRestOpen } from './rest-options.js';
import { readSeedRows, type SeedRows } from './seed-rows.js';
import { ModelEditError } from './source-text.js';
import { detectStyle, type SourceStyle } from './style.js';

export interface PlannedFile {
  readonly file: string;
  readonly relative: string;
  /** `null`: the file does not exist yet. */
  readonly before: string | null;
  readonly after: string;
}

export interface EditPlan {
  /** The project's folder: every file of the plan lies inside it (issue 40). */
  readonly root: string;
  readonly files: PlannedFile[];
  readonly runtime: ModelRuntime | undefined;
  readonly migration: MigrationOp | undefined;
  /** Records the edited model holds. */
  readonly records: number;
  /** The edited model's seed file, migrated with its records. */
  readonly seed?: SeedRows;
}

function runtimeOf(project: ProjectRuntime, name: string): ModelRuntime {
  const runtime = project.runtimes.find((r) => r.schema.name === name);
  if (!runtime) throw problems.notFound(`no model named ${JSON.stringify(name)}`);
  return runtime;
}

async function styleOf(project: ProjectRuntime): Promise<SourceStyle> {
  return detectStyle(
    project.loaded.files.filter((f) => f.path.endsWith('.ts')).map((f) => f.source),
  );
}

function importPath(from: string, to: string, style: SourceStyle): string {
  const path = relative(dirname(from), to)
    .split(sep)
    .join('/')
    .replace(/\.ts$/, style.importExtension);
  return path.startsWith('.') ? path : `./${path}`;
}

async function countOf(runtime: ModelRuntime): Promise<number> {
  return (await runtime.store.records()).count();
}

/** The files of a plan, keyed by path, so a two-model edit can change one file twice. */
class Files {
  readonly #texts = new Map<string, { before: string | null; after: string }>();
  constructor(private readonly root: string) {}
  async text(file: string): Promise<string> {
    const known = this.#texts.get(file);
    if (known) return known.after;
    const text = await readProjectFile(this.root, file);
    this.#texts.set(file, { before: text, after: text });
    return text;
  }
  set(file: string, after: string, created = false): void {
    const known = this.#texts.get(file);
    this.#texts.set(file, { before: created ? null : (known?.before ?? null), after });
  }
  /** The files, each refused (403) when its real place is outside the project. */
  async list(): Promise<PlannedFile[]> {
    for (const file of this.#texts.keys()) await insideProject(this.root, file);
    return [...this.#texts].map(([file, t]) => ({
      file,
      relative: relative(this.root, file).split(sep).join('/'),
      ...t,
    }));
  }
}

async function planCreate(
  project: ProjectRuntime,
  spec: NewModelSpec,
  style: SourceStyle,
  files: Files,
): Promise<void> {
  if (project.models.some((m) => m.name === spec.name))
    throw new ModelEditError(`a model named ${spec.name} exists`);
  const { fileName, text } = createModelFile(spec, style);
  const file = join(project.root, fileName);
  if (existsSync(file)) throw new ModelEditError(`${fileName} exists already`);
  files.set(file, text, true);
  for (const link of spec.belongTo ?? []) {
    const parent = runtimeOf(project, link.target).schema;
    const pair = addRelationPair(
      {
        parent: {
          model: parent.name,
          text: await files.text(parent.file),
          importPath: importPath(file, parent.file, style),
        },
        child: {
          model: spec.name,
          text: await files.text(file),
          importPath: importPath(parent.file, file, style),
        },
        ...(link.hasMany ? { hasMany: link.hasMany } : {}),
        ...(link.field ? { belongTo: link.field } : {}),
      },
      style,
    );
    files.set(parent.file, pair.parent);
    files.set(file, pair.child, true);
  }
}

/** Plans `edit`; throws a 404 (no such model), 422 (cannot be made) or 409 (needs a default). */
export async function planModelEdit(project: ProjectRuntime, edit: ModelEdit): Promise<EditPlan> {
  checkShape(edit);
  checkDefaults(project, edit);
  const style = await styleOf(project);
  const files = new Files(project.root);
  try {
    if (edit.kind === 'createModel') {
      await planCreate(project, edit.model, style, files);
      return {
        root: project.root,
        files: await files.list(),
        runtime: undefined,
        migration: undefined,
        records: 0,
      };
    }
    if (edit.kind === 'link') {
      const parent = runtimeOf(project, edit.parent).schema;
      const child = runtimeOf(project, edit.child).schema;
      const pair = addRelationPair(
        {
          parent: {
            model: parent.name,
            text: await files.text(parent.file),
            importPath: importPath(child.file, parent.file, style),
          },
          child: {
            model: child.name,
            text: await files.text(child.file),
            importPath: importPath(parent.file, child.file, style),
          },
          ...(edit.hasMany ? { hasMany: edit.hasMany } : {}),
          ...(edit.belongTo ? { belongTo: edit.belongTo } : {}),
        },
        style,
      );
      files.set(parent.file, pair.parent);
      files.set(child.file, pair.child);
      return {
        root: project.root,
        files: await files.list(),
        runtime: undefined,
        migration: undefined,
        records: 0,
      };
    }
    const runtime = runtimeOf(project, edit.model);
    const { file, name } = runtime.schema;
    const text = await files.text(file);
    const records = await countOf(runtime);
    // Issue 26: in a table, a renamed or removed field's column follows it (a column the model
    // no longer names would refuse the reload), so its records always migrate.
    const onDatabase = project.database !== undefined && runtime.schema.dataSource === undefined;
    let migration: MigrationOp | undefined;
    switch (edit.kind) {
      case 'addField': {
        files.set(file, addField(text, name, edit.field, style));
        const needsValue = !edit.field.optional && edit.field.rules?.default === undefined;
        if (edit.default !== undefined)
          migration = { action: 'default', field: edit.field.name, value: edit.default };
        else if (needsValue && records > 0 && runtime.schema.dataSource === undefined)
          throw problems.invalidBody('A default is needed', [
            {
              field: 'default',
              message: `${records} existing ${name} records need a value for the required field ${edit.field.name}`,
            },
          ]);
        break;
      }
      case 'renameField':
        files.set(file, renameField(text, name, edit.field, edit.to));
        if (edit.migrate || onDatabase)
          migration = { action: 'rename', field: edit.field, to: edit.to };
        break;
      case 'removeField':
        files.set(file, removeField(text, name, edit.field));
        if (edit.migrate || onDatabase) migration = { action: 'drop', field: edit.field };
        break;
      case 'changeField':
        files.set(file, changeFieldType(text, name, edit.field, edit.type, edit.optional));
        if (edit.convert) {
          if (!converterTo(edit.type))
            throw new ModelEditError(
              `stored values can be converted to ${CONVERTIBLE_TYPES.join(', ')}; untick Convert to change the type to ${edit.type} and keep the values as stored`,
            );
          migration = { action: 'convert', field: edit.field, to: edit.type };
        }
        break;
      case 'setOpen':
        files.set(file, setRestOpen(text, name, edit.open));
        // Issue 42: Fit drops the undeclared fields (on PostgreSQL with their `$extra` column);
        // Keep leaves them where they are, `$extra` included, for a model opened again.
        if (!edit.open && runtime.schema.open === true && edit.fit === true)
          migration = { action: 'dropUndeclared', field: '', declared: declaredKeys(runtime) };
        break;
      case 'setRules': {
        files.set(file, setFieldRules(text, name, edit.field, edit.rules, style));
        const { default: _default, ...rules } = edit.rules;
        if (edit.fit) migration = { action: 'fit', field: edit.field, rules };
        break;
      }
    }
    if (migration && runtime.schema.dataSource !== undefined)
      throw new ModelEditError(
        `${name} is served by the datasource "${runtime.schema.dataSource}": its records cannot be migrated`,
      );
    const seed = await readSeedRows(project.root, runtime);
    return {
      root: project.root,
      files: await files.list(),
      runtime,
      migration,
      records,
      ...(seed ? { seed } : {}),
    };
  } catch (error) {
    if (error instanceof ModelEditError)
      throw problems.invalidBody('The model cannot be edited that way', [
        { field: 'edit', message: error.message },
      ]);
    throw error;
  }
}
