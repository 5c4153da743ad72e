import { useState } from 'react';

/** Copies text and says so for a moment; the label names what is copied. */
export function CopyButton({
  text,
  label,
  className = 'btn small ghost',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={className}
      // The visible word stays part of the name while it says Copied (WCAG 2.5.3).
      aria-label={copied ? `${label}: copied` : label}
      title={label}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1200);
          },
          () => undefined,
        );
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
