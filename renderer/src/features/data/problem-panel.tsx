/**
 * The last add, delete or import problem (every bad row named), the last cell edit the API
 * refused, or a short success note.
 */
import { useDataStore } from '../../stores/data/data-store';
import { ProblemView } from '../../ui/problem-view';

export function ProblemPanel() {
  const problem = useDataStore((s) => s.actionError);
  const notice = useDataStore((s) => s.notice);
  const dismiss = useDataStore((s) => s.dismiss);
  const cellErrors = useDataStore((s) => s.cellErrors);
  const refused = Object.keys(cellErrors);
  if (!problem && !notice && refused.length === 0) return null;
  const last = refused.at(-1);
  const [id, field] = last?.split('\u0000') ?? [];
  return (
    <>
      {last !== undefined && (
        // The last refused cell in full: the cell itself has room for a few words.
        <div className="banner err" role="status">
          <p className="flex-1">
            <strong>
              Record {id}, {field}: not saved.
            </strong>{' '}
            {cellErrors[last]!.message}. The typed value “{cellErrors[last]!.text}” stays on the
            outlined cell: double-click it to fix it, or discard it.
            {refused.length > 1 ? ` ${refused.length} cells are not saved.` : ''}
          </p>
          <button
            type="button"
            className="btn small"
            onClick={() => useDataStore.getState().discardCellError(last)}
          >
            Discard
          </button>
        </div>
      )}
      {problem && (
        <ProblemView problem={problem} label="Problem">
          <button
            type="button"
            className="btn small ghost"
            onClick={dismiss}
            aria-label="Dismiss problem"
          >
            ×
          </button>
        </ProblemView>
      )}
      {!problem && notice && (
        <div className="banner ok" role="status">
          <p className="flex-1">{notice}</p>
          <button type="button" className="btn small ghost" onClick={dismiss} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
    </>
  );
}
