/**
 * Issue 30: the request's tests, what its answer must show: a status, a JSON pointer's value
 * (equal, not equal, compared, its length or type, or that it exists), a header, a time. Checked after every Send and by "Run folder".
 */
import { useId, useState } from 'react';

import {
  COMPARE_OPERATORS,
  COMPARE_WORDS,
  type CompareOperator,
  JSON_TYPES,
  type JsonType,
  type JsonValue,
  type RequestAssertion,
} from '../../api';
import { useConsoleStore } from '../../stores/console/console-store';

type Kind = RequestAssertion['kind'];

/** The comparison as a sign, narrow beside its number (its words in the option's title). */
const COMPARE_SIGNS: Readonly<Record<CompareOperator, string>> = {
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
};

/** Kinds with a second field beside the pointer or name: the row gives both room. */
const TWO_FIELDS = new Set<Kind>([
  'json-equals',
  'json-not-equals',
  'json-compare',
  'json-length',
  'json-type',
  'header-equals',
  'header-contains',
]);

const KINDS: [Kind, string][] = [
  ['status', 'Status is'],
  ['json-equals', 'JSON value equals'],
  ['json-not-equals', 'JSON value is not'],
  ['json-exists', 'JSON value exists'],
  ['json-compare', 'JSON number is'],
  ['json-length', 'JSON length is'],
  ['json-type', 'JSON type is'],
  ['header-equals', 'Header equals'],
  ['header-contains', 'Header contains'],
  ['header-exists', 'Header is present'],
  ['time-below', 'Time below (ms)'],
];

export function blankAssertion(kind: Kind): RequestAssertion {
  switch (kind) {
    case 'status':
      return { kind, equals: 200 };
    case 'json-equals':
      return { kind, pointer: '/id', value: '' };
    case 'json-exists':
      return { kind, pointer: '/id' };
    case 'json-not-equals':
      return { kind, pointer: '/id', value: '' };
    case 'json-compare':
      return { kind, pointer: '/id', op: 'gt', value: 0 };
    case 'json-length':
      return { kind, pointer: '', equals: 1 };
    case 'json-type':
      return { kind, pointer: '', type: 'array' };
    case 'header-equals':
      return { kind, name: 'Content-Type', value: '' };
    case 'header-contains':
      return { kind, name: 'Content-Type', value: 'application/json' };
    case 'header-exists':
      return { kind, name: 'Location' };
    case 'time-below':
      return { kind, ms: 500 };
  }
}

/** Another kind for a test: what it reads (the pointer, the header) and its value carried over. */
export function switchKind(from: RequestAssertion, kind: Kind): RequestAssertion {
  const to = blankAssertion(kind) as RequestAssertion & Record<string, unknown>;
  for (const key of ['pointer', 'name'] as const)
    if (key in from && key in to) to[key] = (from as Record<string, unknown>)[key];
  const value = (from as { value?: unknown }).value;
  if (value !== undefined && takes(kind, value)) to['value'] = value;
  return to;
}

/** Whether a test of `kind` holds `value` as its expected value. */
function takes(kind: Kind, value: unknown): boolean {
  if (kind === 'json-equals' || kind === 'json-not-equals') return true;
  if (kind === 'json-compare') return typeof value === 'number';
  return (kind === 'header-equals' || kind === 'header-contains') && typeof value === 'string';
}

/** What the user typed as a JSON value: JSON when it reads as JSON (`5`, `true`, `"x"`), else text. */
export function jsonValueOf(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

const textOfValue = (value: JsonValue): string =>
  typeof value === 'string' && jsonValueOf(value) === value ? value : JSON.stringify(value);

/** The expected JSON value as typed: the text stays as the user types it, the value follows. */
function ValueInput({
  value,
  label,
  onChange,
}: {
  value: JsonValue;
  label: string;
  onChange(value: JsonValue): void;
}) {
  const [text, setText] = useState(() => textOfValue(value));
  // Kept as typed while it means the value; another value from outside (a row above removed,
  // the request switched) shows as that value.
  const shown =
    JSON.stringify(jsonValueOf(text)) === JSON.stringify(value) ? text : textOfValue(value);
  return (
    <input
      className="input mono"
      value={shown}
      aria-label={label}
      placeholder='"done", 5, true'
      title='JSON (5, true, null, "text") or plain text'
      onChange={(e) => {
        setText(e.target.value);
        onChange(jsonValueOf(e.target.value));
      }}
    />
  );
}

/** A test's number (a status, a length, milliseconds), narrow beside what it checks. */
function NumberField({
  label,
  value,
  onChange,
  ...limits
}: {
  label: string;
  value: number;
  onChange(value: number): void;
  min?: number;
  max?: number;
  step?: number;
  title?: string;
}) {
  return (
    <input
      className="input mono narrow"
      type="number"
      value={value}
      aria-label={label}
      onChange={(e) => onChange(Number(e.target.value))}
      {...limits}
    />
  );
}

function AssertionRow({
  a,
  i,
  onChange,
  onRemove,
}: {
  a: RequestAssertion;
  i: number;
  onChange(a: RequestAssertion): void;
  onRemove(): void;
}) {
  const n = i + 1;
  return (
    <div
      className={TWO_FIELDS.has(a.kind) ? 'rows-row assertion-row two' : 'rows-row assertion-row'}
    >
      <select
        className="select"
        value={a.kind}
        aria-label={`Test ${n} kind`}
        onChange={(e) => onChange(switchKind(a, e.target.value as Kind))}
      >
        {KINDS.map(([k, label]) => (
          <option key={k} value={k}>
            {label}
          </option>
        ))}
      </select>
      {a.kind === 'status' && (
        <NumberField
          label={`Test ${n} status`}
          value={a.equals}
          min={100}
          max={599}
          onChange={(equals) => onChange({ ...a, equals })}
        />
      )}
      {'pointer' in a && (
        <input
          className="input mono"
          value={a.pointer}
          aria-label={`Test ${n} JSON pointer`}
          placeholder="(whole body)"
          title="A JSON pointer: /items/0/id (empty: the whole body)"
          onChange={(e) => onChange({ ...a, pointer: e.target.value })}
        />
      )}
      {a.kind === 'json-compare' && (
        <span className="compare-to">
          <select
            className="select"
            value={a.op}
            aria-label={`Test ${n} comparison`}
            onChange={(e) => onChange({ ...a, op: e.target.value as CompareOperator })}
          >
            {COMPARE_OPERATORS.map((op) => (
              <option key={op} value={op} title={COMPARE_WORDS[op]}>
                {COMPARE_SIGNS[op]}
              </option>
            ))}
          </select>
          <NumberField
            label={`Test ${n} number`}
            value={a.value}
            onChange={(value) => onChange({ ...a, value })}
          />
        </span>
      )}
      {a.kind === 'json-length' && (
        <NumberField
          label={`Test ${n} length`}
          value={a.equals}
          min={0}
          step={1}
          title="A list's items, or a text's characters"
          onChange={(equals) => onChange({ ...a, equals })}
        />
      )}
      {a.kind === 'json-type' && (
        <select
          className="select"
          value={a.type}
          aria-label={`Test ${n} type`}
          onChange={(e) => onChange({ ...a, type: e.target.value as JsonType })}
        >
          {JSON_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      )}
      {(a.kind === 'json-equals' || a.kind === 'json-not-equals') && (
        <ValueInput
          key={`${i}-${a.kind}`}
          value={a.value}
          label={`Test ${n} expected value`}
          onChange={(value) => onChange({ ...a, value })}
        />
      )}
      {(a.kind === 'header-equals' ||
        a.kind === 'header-contains' ||
        a.kind === 'header-exists') && (
        <input
          className="input mono"
          value={a.name}
          aria-label={`Test ${n} header name`}
          onChange={(e) => onChange({ ...a, name: e.target.value })}
        />
      )}
      {(a.kind === 'header-equals' || a.kind === 'header-contains') && (
        <input
          className="input mono"
          value={a.value}
          aria-label={`Test ${n} header value`}
          onChange={(e) => onChange({ ...a, value: e.target.value })}
        />
      )}
      {a.kind === 'time-below' && (
        <NumberField
          label={`Test ${n} milliseconds`}
          value={a.ms}
          min={1}
          onChange={(ms) => onChange({ ...a, ms })}
        />
      )}
      <button
        type="button"
        className="btn small ghost"
        aria-label={`Remove test ${n}`}
        onClick={onRemove}
      >
        ×
      </button>
    </div>
  );
}

export function TestsSection() {
  const id = useId();
  const assertions = useConsoleStore((s) => s.assertions);
  const { setAssertions } = useConsoleStore.getState();
  return (
    <section className="req-section" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h3 className="section-title" id={`${id}-title`}>
          Tests
        </h3>
        <span className="faint">checked after Send, by Run folder and by decorest run</span>
      </div>
      <div role="group" aria-label="Tests" className="rows-editor">
        {assertions.map((a, i) => (
          <AssertionRow
            key={i}
            a={a}
            i={i}
            onChange={(next) => setAssertions(assertions.map((x, j) => (j === i ? next : x)))}
            onRemove={() => setAssertions(assertions.filter((_, j) => j !== i))}
          />
        ))}
        <button
          type="button"
          className="btn small ghost add-row"
          onClick={() =>
            setAssertions([
              ...assertions,
              blankAssertion(assertions.length === 0 ? 'status' : 'json-exists'),
            ])
          }
        >
          + Add test
        </button>
      </div>
    </section>
  );
}
