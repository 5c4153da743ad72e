/** An example body in a code frame, with its Copy button (the inspector's bodies and answers). */
import { CopyButton } from '../../ui/copy-button';

export function Example({ label, value }: { label: string; value: string }) {
  return (
    <div className="inspector-example">
      <pre className="code-frame snippet" aria-label={label} tabIndex={0}>
        {value}
      </pre>
      <CopyButton
        text={value}
        label={`Copy ${label.toLowerCase()}`}
        className="btn small ghost inspector-copy"
      />
    </div>
  );
}
