import type { FieldRulesEdit } from '../api';

/** A field's rules as chips (`minLength: 3`), or a dash for none: the Models view and the import preview. */
export function RuleChips({ rules }: { rules: FieldRulesEdit | undefined }) {
  const entries = Object.entries(rules ?? {}).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return <span className="faint">—</span>;
  return (
    <>
      {entries.map(([k, v]) => (
        <span key={k} className="chip">
          {k}: {typeof v === 'string' ? v : JSON.stringify(v)}
        </span>
      ))}
    </>
  );
}
