import { LoadError } from '../../errors.js';
import { loadProject } from '../load-project.js';
import { createFakeFramework } from './fake-framework.js';

/** The LoadError loading `dir` fails with; throws if it loads or fails otherwise. */
export async function loadError(dir: string): Promise<LoadError> {
  try {
    await loadProject(dir, { framework: createFakeFramework() });
  } catch (error) {
    if (error instanceof LoadError) return error;
    throw error;
  }
  throw new Error(`expected ${dir} to fail loading`);
}
