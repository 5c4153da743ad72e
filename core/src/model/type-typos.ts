/** Field types a misspelt type name was probably meant as (`boolen` → boolean). */

const FIELD_TYPE_NAMES = ['string', 'number', 'boolean', 'Date'];

/** Edit distance, for the few short names a typo of a field type is compared with. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const kept = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = kept;
    }
  }
  return row[b.length]!;
}

/**
 * The field type a name is a typo of (`boolen`, `String`, `date`), if any: such a name reaches
 * the schema as a class reference, and "mark the field @BelongTo" would mislead.
 */
export function nearTypeName(name: string): string | undefined {
  // One slip in a short name, two in a longer one: `Note` is not taken for `Date`.
  const allowed = name.length <= 5 ? 1 : 2;
  return FIELD_TYPE_NAMES.find(
    (t) => t !== name && distance(name.toLowerCase(), t.toLowerCase()) <= allowed,
  );
}
