/** Shared inputs of the model-edit forms: a field's type, and a value typed as text. */
import { FIELD_TYPES, type FieldRulesEdit, type JsonValue } from '../../api';

export function TypeSelect({
  id,
  value,
  onChange,
  label,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  label?: string;
}) {
  const known = (FIELD_TYPES as readonly string[]).includes(value);
  return (
    <select
      id={id}
      className="select mono"
      value={value}
      aria-label={label}
      onChange={(e) => onChange(e.target.value)}
    >
      {!known && <option value={value}>{value}</option>}
      {FIELD_TYPES.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function nameError(name: string, what = 'field'): string | null {
  if (name.trim() === '') return `The ${what} needs a name.`;
  if (!IDENTIFIER.test(name))
    return `“${name}” is not a valid ${what} name (letters, digits, _ and $; not starting with a digit).`;
  return null;
}

/** A default typed as text, read as the field's type: `3`, `true`, `hello`, `["a"]`. */
export function valueOf(text: string, type: string): JsonValue | string {
  if (type === 'number') {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : `“${text}” is not a number.`;
  }
  if (type === 'boolean') {
    if (text === 'true' || text === 'false') return text === 'true';
    return 'Type true or false.';
  }
  if (type.endsWith('[]')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      return Array.isArray(parsed) ? (parsed as JsonValue) : 'Type a JSON array, e.g. [] or ["a"].';
    } catch {
      return 'Type a JSON array, e.g. [] or ["a"].';
    }
  }
  return text;
}

const NUMERIC = new Set(['min', 'max', 'minLength', 'maxLength']);
const FORMATS = new Set(['email', 'uri', 'date-time']);

/**
 * Rules typed as `minLength: 1, max: 9, format: email, pattern: ^[a-z]+$` (the `@Field`
 * options), or why not. A pattern holding a comma goes last: everything after `pattern:` is it.
 */
export function rulesOf(text: string): FieldRulesEdit | string {
  const rules: FieldRulesEdit = {};
  let rest = text.trim();
  const at = rest.search(/(^|,)\s*pattern\s*:/);
  if (at !== -1) {
    rules.pattern = rest.slice(rest.indexOf(':', at) + 1).trim();
    rest = rest.slice(0, at);
  }
  for (const part of rest
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const [key, ...value] = part.split(':');
    const k = key!.trim();
    const v = value.join(':').trim();
    if (NUMERIC.has(k)) {
      const n = Number(v);
      if (v === '' || !Number.isFinite(n)) return `${k} must be a number.`;
      rules[k as 'min'] = n;
    } else if (k === 'format') {
      if (!FORMATS.has(v)) return 'format is email, uri or date-time.';
      rules.format = v as NonNullable<FieldRulesEdit['format']>;
    } else return `“${k}” is not a rule (min, max, minLength, maxLength, pattern, format).`;
  }
  return rules;
}
