/**
 * The `@Field` rules no validator can apply, or no value could pass, in words a load error or a
 * model edit's 422 can name: shared by the loader (a model file) and the studio's model edits
 * (which must refuse what the loader would then refuse).
 */

/** The rules as a model file or a model edit holds them. */
export interface RuleOptions {
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string | RegExp;
  format?: string;
}

const FORMATS: readonly string[] = ['email', 'uri', 'date-time'];

/**
 * What would make the validator's compile throw, refused here with the field's file and line:
 * validators compile on the first write (issue 15), too late to name the source.
 */
export function ruleProblem(rules: RuleOptions | undefined): string | undefined {
  if (!rules) return undefined;
  for (const key of ['min', 'max'] as const) {
    const value = rules[key];
    if (value !== undefined && !Number.isFinite(value))
      return `${key} must be a finite number, got ${String(value)}`;
  }
  for (const key of ['minLength', 'maxLength'] as const) {
    const value = rules[key];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0))
      return `${key} must be a whole number ≥ 0, got ${String(value)}`;
  }
  // Allowed by the validator, but no value could ever pass: surely a slip.
  for (const [low, high] of [
    ['min', 'max'],
    ['minLength', 'maxLength'],
  ] as const) {
    const [a, b] = [rules[low], rules[high]];
    if (a !== undefined && b !== undefined && a > b)
      return `${low} (${a}) is above ${high} (${b}): no value could pass`;
  }
  if (rules.pattern !== undefined) {
    const source = typeof rules.pattern === 'string' ? rules.pattern : rules.pattern.source;
    try {
      // As the validator will build it. V8 compiles a pattern at its first use, and only then
      // refuses one too large (20,000 nested groups): use it once here.
      new RegExp(source, 'u').test('');
    } catch (error) {
      return `pattern is not a valid regular expression: ${(error as Error).message}`;
    }
  }
  if (rules.format !== undefined && !FORMATS.includes(rules.format))
    return `format must be one of ${FORMATS.join(', ')}, got ${JSON.stringify(rules.format)}`;
  return undefined;
}
