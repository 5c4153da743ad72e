import type { ReactNode } from 'react';

/** A designed empty, loading or error state: what is going on and what to do next. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: string;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty" role="status">
      {icon && (
        <div className="empty-icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <h3>{title}</h3>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <div className="empty" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>Loading {what}…</p>
    </div>
  );
}
