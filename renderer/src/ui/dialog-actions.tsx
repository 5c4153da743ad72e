/**
 * The buttons at the foot of a {@link Dialog}: the way out (Cancel; Close or Done once the work
 * is done) and at most one action, primary or danger, that reads as busy while it runs. One
 * component so every dialog answers alike: the same order, the busy label in place of the
 * label, the action disabled while busy.
 */
export interface DialogAction {
  label: string;
  /** Shown instead of `label` while `busy` (`Saving…`). */
  busyLabel?: string;
  busy?: boolean;
  /** Disabled for another reason than being busy (nothing to save, a refusal). */
  disabled?: boolean;
  /** `danger` for what cannot be undone; `primary` otherwise. */
  tone?: 'primary' | 'danger';
  /** The id of the form the action submits (Enter in the form does the same). */
  form?: string;
  onClick?(): void;
  /** Why it is disabled, as a tooltip. */
  title?: string;
  autoFocus?: boolean;
}

export function DialogActions({
  dismiss = 'Cancel',
  onDismiss,
  dismissFocused = false,
  action,
}: {
  dismiss?: string;
  onDismiss(): void;
  /** The way out has the focus where Enter must not confirm by accident (a delete, a reset). */
  dismissFocused?: boolean;
  /** None: the dialog only informs, or its work is done. */
  action?: DialogAction;
}) {
  return (
    <>
      <button type="button" className="btn" onClick={onDismiss} autoFocus={dismissFocused}>
        {dismiss}
      </button>
      {action && (
        <button
          type={action.form === undefined ? 'button' : 'submit'}
          form={action.form}
          className={`btn ${action.tone ?? 'primary'}`}
          disabled={action.busy === true || action.disabled === true}
          onClick={action.onClick}
          title={action.title}
          autoFocus={action.autoFocus}
        >
          {action.busy && action.busyLabel !== undefined ? action.busyLabel : action.label}
        </button>
      )}
    </>
  );
}
