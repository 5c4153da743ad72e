/**
 * Issue 41 ("Refuse what is not the format"): what a JSON file given to the wrong door looks
 * like, and which door takes it. `init --from` takes a json-server db.json, an OpenAPI document
 * or a Mockoon environment; the Console's Import… takes Postman collections and environments,
 * Bruno folders and `.http` files. A `package.json` or a Postman collection given to `init` is
 * otherwise "an object of objects" and became junk models. Pure: the Console's importer and
 * `init` share it.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export type SourceDoor = 'init' | 'console';

export interface Lookalike {
  /** What the file looks like, with the sign that says so: `a Postman collection (info.schema)`. */
  looksLike: string;
  /** The door that takes it, or undefined when decorest imports it nowhere. */
  door: SourceDoor | undefined;
}

const CONSOLE = "the studio's Console (Saved tab, Import…)";
const INIT = 'decorest init --from <file> (or the studio\'s "New project from…")';

/** How to say where a file of `door` goes. */
export function doorText(door: SourceDoor | undefined): string {
  if (door === 'console') return `import it in ${CONSOLE}`;
  if (door === 'init') return `start a project from it with ${INIT}`;
  return 'decorest does not import this kind of file';
}

/**
 * What a parsed JSON value looks like when it is one of the well-known files that are no
 * import source of `door`'s kind. Undefined for anything else (the caller reads it as usual).
 */
export function lookalikeOf(value: unknown): Lookalike | undefined {
  if (!isObj(value)) return undefined;
  const info = value['info'];
  if (isObj(info) && ('_postman_id' in info || /postman/i.test(String(info['schema'] ?? ''))))
    return { looksLike: 'a Postman collection (info.schema)', door: 'console' };
  if (
    Array.isArray(value['values']) &&
    (value['_postman_variable_scope'] === 'environment' ||
      (typeof value['name'] === 'string' &&
        value['values'].length > 0 &&
        value['values'].every((v) => isObj(v) && typeof v['key'] === 'string')))
  )
    return { looksLike: 'a Postman environment (name and values)', door: 'console' };
  if (typeof value['openapi'] === 'string' || typeof value['swagger'] === 'string')
    return { looksLike: 'an OpenAPI document ("openapi")', door: 'init' };
  if ('uuid' in value && Array.isArray(value['routes']) && Array.isArray(value['data']))
    return { looksLike: 'a Mockoon environment ("uuid", "routes")', door: 'init' };
  if (
    typeof value['name'] === 'string' &&
    (isObj(value['dependencies']) ||
      isObj(value['devDependencies']) ||
      isObj(value['scripts']) ||
      (typeof value['version'] === 'string' && typeof value['main'] === 'string'))
  )
    return { looksLike: 'an npm package.json (name, dependencies, scripts)', door: undefined };
  if (isObj(value['log']) && Array.isArray(value['log']['entries']))
    return { looksLike: 'an HTTP archive (HAR: log.entries)', door: 'init' };
  if (value['type'] === 'collection' && typeof value['name'] === 'string' && 'version' in value)
    return {
      looksLike: "a Bruno collection's bruno.json",
      door: 'console',
    };
  if (value['_type'] === 'export' && '__export_format' in value)
    return { looksLike: 'an Insomnia export (_type: export)', door: undefined };
  if (isObj(value['compilerOptions']))
    return { looksLike: 'a TypeScript tsconfig.json (compilerOptions)', door: undefined };
  return undefined;
}

/**
 * Whether `value` has the shape of a json-server db.json: an object with at least one
 * collection (an array of objects, or an empty one) or singular resource (an object).
 */
export function looksLikeJsonServerDb(value: unknown): boolean {
  if (!isObj(value)) return false;
  return Object.values(value).some(
    (v) => isObj(v) || (Array.isArray(v) && (v.length === 0 || v.some(isObj))),
  );
}
