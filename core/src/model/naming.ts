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

/**
 * A model name with its indefinite article, by how it sounds: `an Author`, `an Item`, but
 * `a User`, `a Unit`, and `an Hour`. Summaries and messages that name a model read right.
 *
 * @example
 * ```ts
 * withArticle('Author'); // 'an Author'
 * withArticle('User'); // 'a User'
 * ```
 */
export function withArticle(name: string): string {
  // Vowel letters that sound like a consonant (`you`, `one`), and a silent `h`.
  if (/^(uni|use|usa|usi|usu|uti|ura|ure|uri|uro|ubi|eu|ewe|one\b|once)/i.test(name))
    return `a ${name}`;
  if (/^(hour|honou?r|honest|heir)/i.test(name) || /^[aeiou]/i.test(name)) return `an ${name}`;
  return `a ${name}`;
}
