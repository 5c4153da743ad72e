/**
 * A `mock-rules.json` that does not load, as the load error `decorest serve` exits with (its
 * first line like a broken model file's): `mock-rules.json:3:7: invalid JSON …` for malformed
 * JSON, `mock-rules.json: /rules/0/when/0/value: …` for a mistake in a value; each further
 * problem on a line of its own (the first ten), so one run shows what to fix.
 */
import type { RuleProblem } from '../contract/rules-api.js';
import { LOAD_ERROR_CODES, LoadError } from '../errors.js';

/** Problems listed in the message; the count says the rest. */
const SHOWN = 10;

export function rulesLoadError(file: string, problems: readonly RuleProblem[]): LoadError {
  const first = problems[0] ?? { pointer: '', message: 'does not load' };
  const rest = problems.slice(1, SHOWN);
  const more =
    rest.map((p) => `\n  ${p.pointer || '/'}: ${p.message}`).join('') +
    (problems.length > SHOWN ? `\n  (and ${problems.length - SHOWN} more)` : '');
  const at = /line (\d+), column (\d+)/.exec(first.message);
  if (first.pointer === '' && at)
    return new LoadError(
      LOAD_ERROR_CODES.BAD_RULES_FILE,
      { file, line: Number(at[1]), column: Number(at[2]) },
      `${first.message}${more}`,
    );
  const offset = first.offset === undefined ? '' : ` (offset ${first.offset})`;
  return new LoadError(
    LOAD_ERROR_CODES.BAD_RULES_FILE,
    { file },
    `${first.pointer || '/'}: ${first.message}${offset}${more}`,
  );
}
