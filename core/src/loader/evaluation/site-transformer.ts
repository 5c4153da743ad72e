/**
 * Every class the project defines, exported or not, is reported: after each class-defining
 * statement the source gets `__decorestSite(Name, line, "Name")` (`instrument.ts`, which decides
 * what defines a class as `declarations/class-nodes.ts` does).
 *
 * The legacy-decorator transform rebinds `@Rest class User {}` right after its declaration
 * (`User = _ts_decorate(...)`); our call is a separate following statement, so it lands after
 * that rewrite and sees the final (decorated) binding.
 */

/** The parameter name every evaluated file receives the site recorder under. */
export const SITE_FUNCTION = '__decorestSite';

/**
 * What the loader receives per site: the class, the 1-based line and the binding name (the
 * class's own `name` may differ, e.g. `_default`). `rebound` is true when the same binding was
 * reassigned later in the same statement list (`User = __decorate([...], User)` in compiled code).
 */
export type SiteRecorder = (value: unknown, line: number, name: string, rebound?: boolean) => void;
