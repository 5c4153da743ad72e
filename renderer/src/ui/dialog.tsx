import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * A modal dialog: labelled, closes on Escape and on the backdrop, keeps Tab inside itself, and
 * gives focus back to what had it before it opened.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  size,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  /** `wide`: room for a table or a preview beside its form. */
  size?: 'wide';
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Read while rendering, before a child's autoFocus moves focus into the dialog.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  // The latest onClose, so a parent's new callback each render neither re-runs the effect
  // below nor sends focus away mid-dialog.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    // Only the topmost dialog closes: a rule editor opened from a route's dialog is above it.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const open = document.querySelectorAll('.dialog-backdrop');
      if (open[open.length - 1]?.contains(ref.current)) close.current();
    };
    window.addEventListener('keydown', onKey);
    if (!ref.current?.contains(document.activeElement)) ref.current?.focus();
    return () => {
      window.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);
  const trapTab = (e: React.KeyboardEvent) => {
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null,
    );
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };
  // On the body, not where it is opened: a sticky pane or a live region around the opener
  // would otherwise hold it in their stacking context (a sticky table head showed through).
  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={size ? `dialog ${size}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        ref={ref}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <header>
          <h2 id={id}>{title}</h2>
          <span className="spacer" />
          <button type="button" className="btn ghost small" onClick={onClose} aria-label="Close">
            ×
          </button>
        </header>
        {children}
        {footer && <footer>{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
