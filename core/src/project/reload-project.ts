/**
 * A hot reload (issue 15): the project is loaded once, reusing the modules of files that did
 * not change and the open datafiles of models whose storage did not change. The previous
 * version keeps serving, untouched, until the new one is built; if it cannot be built, nothing
 * of the previous version was closed.
 */
import { registerDao } from '../app/dao.js';
import { RecordChangeBus } from '../app/write/record-changes.js';
import { loadProject } from '../loader/load-project.js';
import type { NamedDatabases } from './named-databases.js';
import {
  assembleProject,
  describeProject,
  projectData,
  projectDatabases,
  type ProjectRuntime,
} from './open-project.js';
import { ProjectData } from './project-data.js';

/**
 * The next version of `previous`, from its files as they are now. Record changes go on being
 * published on `previous.changes`. On failure `previous` still serves and owns its data.
 */
export async function reloadProject(previous: ProjectRuntime): Promise<ProjectRuntime> {
  const framework = await import('../index.js');
  // A project that was opened empty (the studio's start screen) may become empty again.
  const loaded = await loadProject(previous.root, {
    framework,
    previous: previous.loaded,
    allowEmpty: previous.loaded.files.length === 0,
  });
  const description = describeProject(loaded);
  const data = projectData(previous);
  // `dao(Model)` of a class both versions share points at the version that registered last.
  const restoreDaos = () => previous.runtimes.forEach(registerDao);

  const databases = await projectDatabases(previous).successor(
    description.models,
    description.dataSources,
    previous.database,
  );
  try {
    const next = await reloadData(description, previous, data, databases.next, restoreDaos);
    await databases.commit();
    return next;
  } catch (error) {
    await databases.abort();
    throw error;
  }
}

/** The next version on `data`'s successor (or its reopened files) and `named`'s databases. */
async function reloadData(
  description: ReturnType<typeof describeProject>,
  previous: ProjectRuntime,
  data: ProjectData,
  named: NamedDatabases,
  restoreDaos: () => void,
): Promise<ProjectRuntime> {
  const pending = await data.successor(description.models);
  if (pending) {
    try {
      const next = await assembleProject(
        description,
        pending.data,
        previous.dataDir,
        previous.changes,
        named,
      );
      await pending.commit();
      return next;
    } catch (error) {
      restoreDaos();
      await pending.abort();
      throw error;
    }
  }

  // A datafile must reopen with other options (ids or relation indexes changed). Build the
  // version in memory first, so a failure leaves the previous one serving; then swap its data.
  const trial = await ProjectData.open(description.models, undefined);
  try {
    await assembleProject(description, trial, previous.dataDir, new RecordChangeBus(), named);
  } catch (error) {
    restoreDaos();
    throw error;
  } finally {
    await trial.close();
  }
  const reopened = await data.reopen(description.models);
  try {
    return await assembleProject(description, reopened, previous.dataDir, previous.changes, named);
  } catch (error) {
    await reopened.close();
    throw error;
  }
}
