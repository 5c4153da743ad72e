/**
 * The hover over the Console's resolved URL (issue 30): each `{{name}}` the URL uses and the
 * value it resolves to, one per line; a secret, and any value built from one, shows `••••`
 * (the hover is no place to reveal a token, as Postman and Bruno mask them too).
 */
import {
  type EnvironmentEntry,
  findVariables,
  isDynamicVariable,
  resolveVariables,
} from '../../api';

export const SECRET_MASK = '••••';

/** The chosen environment's secret variable names. */
export function secretNamesOf(entry: EnvironmentEntry | undefined): ReadonlySet<string> {
  return new Set(entry?.environment.variables.filter((v) => v.secret).map((v) => v.name) ?? []);
}

/** The variables with each secret's value as `••••`: what the Console shows, never sends. */
export function maskSecrets(
  vars: Readonly<Record<string, string>>,
  secrets: ReadonlySet<string>,
): Readonly<Record<string, string>> {
  if (![...secrets].some((name) => Object.hasOwn(vars, name))) return vars;
  const masked: Record<string, string> = { ...vars };
  for (const name of secrets) if (Object.hasOwn(masked, name)) masked[name] = SECRET_MASK;
  return masked;
}

/**
 * `{{name}} = value` for every variable of `text`, once each, in order; '' when it uses none.
 *
 * @example variableHints('{{base}}/x', { base: 'http://h' }, new Set()) // '{{base}} = http://h'
 */
export function variableHints(
  text: string,
  vars: Readonly<Record<string, string>>,
  secrets: ReadonlySet<string>,
): string {
  const values = resolveVariables(maskSecrets(vars, secrets));
  const names = [...new Set(findVariables(text).map((u) => u.name))];
  return names
    .map((name) => {
      const v = values.get(name);
      const shown =
        v === undefined
          ? isDynamicVariable(name)
            ? '(a made-up value, new on each send)'
            : '(not defined)'
          : v.state === 'resolved'
            ? v.value
            : v.state === 'unknown'
              ? `(uses undefined ${v.missing.map((m) => `{{${m}}}`).join(', ')})`
              : `(cycle ${v.cycle.join(' → ')})`;
      return `{{${name}}} = ${shown}`;
    })
    .join('\n');
}
