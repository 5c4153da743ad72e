/**
 * The control API's model-edit operations (issue 17): read a model's source, preview an edit
 * as a diff (nothing written), apply it (409 when the file changed since it was read) and
 * create a model. The write reloads the project before answering, so the studio's next
 * `listModels` sees the new version. Opening the user's editor is not offered: a server that
 * starts programs on request is a hole; the desktop shell can do it itself.
 */
import type {
  ApplyModelEditBody,
  CreateModelBody,
  DecoratorRange,
  ModelEdit,
  ModelEditPreview,
  ModelEditResult,
  ModelSource,
} from '../contract/control-api.js';
import { problems } from '../errors.js';
import ts from '../loader/typescript.js';
import { applyPlan, migratedSeed, migrationCount } from '../model-edit/apply-edit.js';
import { breakingRecords } from '../model-edit/breaking-records.js';
import { unifiedDiff } from '../model-edit/diff.js';
import { planModelEdit } from '../model-edit/plan-edit.js';
import { decoratorName, decoratorsOf, parse, sha256 } from '../model-edit/source-text.js';
import { readProjectFile } from '../persistence/inside-project.js';
import { projectData } from '../project/open-project.js';
import type { ControlContext } from './control-context.js';
import type { ControlRoutes } from './control-route.js';

type ModelEditRoutes = Pick<
  ControlRoutes,
  'readModelSource' | 'previewModelEdit' | 'applyModelEdit' | 'createModel'
>;

export function decoratorRanges(text: string): DecoratorRange[] {
  const source = parse(text);
  const ranges: DecoratorRange[] = [];
  const visit = (node: ts.Node): void => {
    for (const d of decoratorsOf(node)) {
      const from = d.getStart(source);
      ranges.push({
        name: decoratorName(d) ?? '',
        from,
        to: d.getEnd(),
        line: source.getLineAndCharacterOfPosition(from).line + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ranges;
}

async function preview(ctx: ControlContext, edit: ModelEdit): Promise<ModelEditPreview> {
  const plan = await planModelEdit(ctx.project(), edit);
  const answer: ModelEditPreview = {
    files: plan.files.map((f) => ({
      file: f.file,
      relative: f.relative,
      hash: f.before === null ? null : sha256(f.before),
      created: f.before === null,
      diff: unifiedDiff(f.relative, f.before ?? '', f.after),
    })),
    records: plan.records,
  };
  const { runtime, migration, seed } = plan;
  if (migration && runtime) {
    const { action, field } = migration;
    answer.migration = {
      model: runtime.schema.name,
      action,
      field,
      records: await migrationCount(runtime, migration),
      seedRecords: seed ? migratedSeed(runtime, seed, migration).changed : 0,
    };
    if (migration.action === 'rename' || migration.action === 'convert')
      answer.migration.to = migration.to;
    if (migration.action === 'default') answer.migration.value = migration.value;
  }
  if (runtime) {
    const breaking = await breakingRecords(runtime, seed, edit);
    if (breaking) answer.breaking = breaking;
  }
  return answer;
}

async function apply(
  ctx: ControlContext,
  edit: ModelEdit,
  hashes: Record<string, string | null>,
): Promise<ModelEditResult> {
  // Issue 24: no write of either API runs between the migration and the reload, so none is
  // validated by the model the edit replaces. Issue 26: on a database no read runs either,
  // as the old version's statements name columns the edit changed.
  const onDatabase = ctx.project().database !== undefined;
  return ctx.writes.hold(
    async () => {
      const project = ctx.project();
      const plan = await planModelEdit(project, edit);
      const dataDir = projectData(project).durable ? project.dataDir : undefined;
      // Issue 26: a model in PostgreSQL changes its table in the transaction the files are
      // written in (loaded only then: a project on files never loads pg).
      const written =
        project.database !== undefined && plan.runtime?.schema.dataSource === undefined
          ? await (
              await import('../model-edit/apply-edit-database.js')
            ).applyPlanOnDatabase(plan, edit, hashes, project.dataDir)
          : await applyPlan(plan, hashes, dataDir);
      return { ...written, project: await ctx.reloadProject() };
    },
    { reads: onDatabase },
  );
}

export const MODEL_EDIT_ROUTES: ModelEditRoutes = {
  readModelSource: {
    handle: async ({ ctx, params }): Promise<ModelSource> => {
      const name = params['model']!;
      const model = ctx.project().models.find((m) => m.name === name);
      if (!model) throw problems.notFound(`no model named ${JSON.stringify(name)}`);
      const text = await readProjectFile(ctx.project().root, model.file);
      return {
        model: name,
        file: model.file,
        text,
        hash: sha256(text),
        decorators: decoratorRanges(text),
      };
    },
  },
  // Issue 43: the bodies passed their schemas (`CONTROL_BODIES`): an edit's kind and the
  // shape every edit shares, and the hashes; each edit's own members are checked where used.
  previewModelEdit: {
    handle: ({ ctx, body }) => preview(ctx, (body as { edit: ModelEdit }).edit),
  },
  applyModelEdit: {
    handle: ({ ctx, body }) => {
      const { edit, hashes } = body as ApplyModelEditBody;
      return apply(ctx, edit, hashes);
    },
  },
  createModel: {
    status: 201,
    handle: ({ ctx, body }) => {
      const { model, hashes } = body as CreateModelBody;
      return apply(ctx, { kind: 'createModel', model }, hashes);
    },
  },
};
