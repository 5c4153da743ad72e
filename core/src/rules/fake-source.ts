/**
 * `{{fake.<module>.<method>}}` placeholders draw from `@faker-js/faker` (English locale). It is
 * a large module, so it loads only when some rule names a fake value: a project without one
 * never pays for it (as `model/fake-values.ts` does for fake records).
 */
import type { Faker } from '@faker-js/faker';

let loaded: Promise<Faker> | undefined;

export function loadFaker(): Promise<Faker> {
  loaded ??= import('@faker-js/faker/locale/en').then((m) => m.faker);
  return loaded;
}

/** Names a faker module or method may have: no `__proto__`, `constructor` or private `_x`. */
const NAME = /^[a-z][A-Za-z0-9]*$/;

/**
 * The no-argument function `module.method` names, bound to its module, or why there is none.
 * It is called once here: a method that needs an argument throws now, not on a request.
 */
export function fakeFunction(
  faker: Faker,
  module: string,
  method: string,
): { ok: true; draw: () => string } | { ok: false; message: string } {
  if (!NAME.test(module) || !NAME.test(method) || method === 'constructor')
    return { ok: false, message: `fake.${module}.${method} is not a faker method` };
  const host: unknown = (faker as unknown as Record<string, unknown>)[module];
  if (
    host === null ||
    typeof host !== 'object' ||
    module === 'rawDefinitions' ||
    module === 'definitions'
  )
    return { ok: false, message: `faker has no module "${module}"` };
  const fn: unknown = (host as Record<string, unknown>)[method];
  if (typeof fn !== 'function')
    return { ok: false, message: `faker.${module} has no method "${method}"` };
  const draw = (): string => {
    const value: unknown = (fn as () => unknown).call(host);
    if (typeof value === 'string') return value;
    if (value instanceof Date) return value.toISOString();
    return typeof value === 'object' ? (JSON.stringify(value) ?? '') : String(value);
  };
  try {
    draw();
  } catch {
    return { ok: false, message: `faker.${module}.${method} needs arguments` };
  }
  return { ok: true, draw };
}
