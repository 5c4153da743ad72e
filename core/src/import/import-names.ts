/**
 * Names an import gives what its source only keys: a class per collection (`blog-posts` →
 * `BlogPost`), a field name per JSON key, a `@HasMany` member per relation. Each is checked
 * with the studio's own rules, so no imported name makes a file the loader refuses.
 */
import type Pluralize from 'pluralize';

import { defaultModelPath, MODEL_PATH_PATTERN } from '../model/naming.js';
import { checkModelName } from '../model-edit/create-model.js';
import { checkIdentifier } from '../model-edit/field-edits.js';
import { requireCjs } from '../require-cjs.js';

const pluralize = requireCjs('pluralize') as typeof Pluralize;

/** The singular of a collection key, as json-server's own `<singular>Id` convention takes it. */
export function singularOf(key: string): string {
  return pluralize.singular(key);
}

function isValid(check: () => void): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

/** A field name the studio accepts (`title`, `class`), not an object member (`constructor`). */
export function isFieldName(name: string): boolean {
  return isValid(() => checkIdentifier(name));
}

/** Whether a collection key can be a model's path (it names `data/<path>.db` too). */
export function isModelPath(key: string): boolean {
  return MODEL_PATH_PATTERN.test(key);
}

/**
 * The class for a collection: its words in PascalCase, the last one singular
 * (`posts` → `Post`, `blogPosts` → `BlogPost`, `people` → `Person`). A name decorest or
 * JavaScript already uses (`Response`, `Map`) or one starting with a digit gets `Item` added;
 * `taken` holds the names given so far.
 */
export function classNameFor(key: string, taken: ReadonlySet<string>): string | undefined {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '');
  const last = words.pop();
  if (last === undefined) return undefined;
  words.push(pluralize.singular(last));
  let name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  if (/^\d/.test(name)) name = `Item${name}`;
  if (!isValid(() => checkModelName(name))) name = `${name}Item`;
  if (!isValid(() => checkModelName(name))) return undefined;
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = `${name}${n}`;
  return unique;
}

/** The path a class gets without `@Rest({ path })`; the writer names the path when it differs. */
export function derivedPath(className: string): string {
  return defaultModelPath(className);
}

/** `first-name` → `firstName`, `2fa` → `_2fa`: the identifier a non-identifier key reads as. */
export function identifierFor(key: string): string {
  const camel = key.replace(/[^A-Za-z0-9_$]+(.)?/g, (_, c: string | undefined) =>
    c === undefined ? '' : c.toUpperCase(),
  );
  const name = camel === '' ? '_' : camel;
  return /^\d/.test(name) ? `_${name}` : name;
}

/**
 * The `@HasMany` member on a parent: the child's collection key when it is a free field name
 * there (so json-server's `?_embed=comments` keeps its name), else the child's plural.
 */
export function hasManyName(
  childKey: string,
  childClass: string,
  used: ReadonlySet<string>,
): string {
  const plural = pluralize.plural(childClass.charAt(0).toLowerCase() + childClass.slice(1));
  for (const name of [childKey, plural]) if (isFieldName(name) && !used.has(name)) return name;
  let n = 2;
  while (used.has(`${plural}${n}`)) n++;
  return `${plural}${n}`;
}
