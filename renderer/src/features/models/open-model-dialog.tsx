/**
 * Opening or closing a model (issue 42): `@Rest({ open: true })` in its file. Closing previews
 * the records and seed rows holding undeclared fields, which the user drops (Fit) or keeps.
 */
import { useId, useState } from 'react';

import type { ModelInfo } from '../../api';
import { EditDialog } from './edit-dialog';

export function OpenModelDialog({ model, onClose }: { model: ModelInfo; onClose: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(model.open === true);
  return (
    <EditDialog
      title={`Undeclared fields of ${model.name}`}
      build={() => ({ kind: 'setOpen', model: model.name, open })}
      onClose={onClose}
    >
      <label htmlFor={`${id}-open`}>
        <input
          id={`${id}-open`}
          type="checkbox"
          checked={open}
          onChange={(e) => setOpen(e.target.checked)}
        />{' '}
        Open model (keeps undeclared fields)
      </label>
    </EditDialog>
  );
}
