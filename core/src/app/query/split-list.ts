/** `a,b&c` as `['a', 'b', 'c']`: repeated and comma-separated values alike, trimmed, none empty. */
export function splitList(values: readonly string[]): string[] {
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
