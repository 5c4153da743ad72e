/** A unified diff, line by line, added and removed lines marked for eyes and screen readers. */
export function DiffView({ diff, label }: { diff: string; label: string }) {
  const lines = diff.replace(/\n$/, '').split('\n');
  return (
    <pre className="diff-view" aria-label={label} tabIndex={0}>
      {lines.map((line, i) => {
        const kind = line.startsWith('+++') || line.startsWith('---') ? 'file' : line[0];
        const cls =
          kind === 'file'
            ? 'diff-file'
            : kind === '+'
              ? 'diff-add'
              : kind === '-'
                ? 'diff-del'
                : kind === '@'
                  ? 'diff-hunk'
                  : undefined;
        return (
          <span key={i} className={cls}>
            {kind === '+' && <span className="sr-only">added: </span>}
            {kind === '-' && <span className="sr-only">removed: </span>}
            {line}
          </span>
        );
      })}
    </pre>
  );
}
