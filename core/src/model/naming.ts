import type Pluralize from 'pluralize';

import { requireCjs } from '../require-cjs.js';

const pluralize = requireCjs('pluralize') as typeof Pluralize;

/**
 * The path segment of a model (CONTRACT §1): the class name in lower case, pluralised
 * (`Todo` → `todos`, `Person` → `people`, `TodoItem` → `todoitems`).
 */
export function defaultModelPath(className: string): string {
  return pluralize(className.toLowerCase());
}

/**
 * A path must be one URL segment that is also a safe file name, since the datafile is
 * `data/<path>.db` (issue 7: nothing is read or written outside `data/`).
 */
export const MODEL_PATH_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
