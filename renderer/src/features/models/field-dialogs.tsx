/** The per-field edits of the Models view: add, rename, change type, remove; and Link models. */
import { useId, useState } from 'react';

import { FIELD_TYPES, type FieldInfo, type JsonValue, type ModelInfo } from '../../api';
import { useModelsStore } from '../../stores/models/models-store';
import { EditDialog } from './edit-dialog';
import { nameError, TypeSelect, valueOf } from './field-form';
import { EditRules } from './rules-dialog';

export type FieldAction =
  | { kind: 'add' }
  | { kind: 'rename' | 'remove' | 'type' | 'rules'; field: FieldInfo }
  | { kind: 'link' };

function MigrateBox({
  id,
  checked,
  onChange,
  text,
  left,
  disabled = false,
}: {
  id: string;
  checked: boolean;
  onChange(v: boolean): void;
  text: string;
  /** What unticking leaves in the stored records, said while it is unticked. */
  left?: string;
  disabled?: boolean;
}) {
  return (
    <>
      <span />
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={!checked && left ? `${id}-left` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />{' '}
        {text}
      </label>
      {!checked && left && (
        <>
          <span />
          <p id={`${id}-left`} className="field-help migrate-left">
            {left}
          </p>
        </>
      )}
    </>
  );
}

function AddField({ model, onClose }: { model: ModelInfo; onClose(): void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [type, setType] = useState('string');
  const [optional, setOptional] = useState(false);
  const [def, setDef] = useState('');
  return (
    <EditDialog
      title={`Add a field to ${model.name}`}
      onClose={onClose}
      build={() => {
        const bad = nameError(name);
        if (bad) return bad;
        const field = { name, type, optional };
        if (optional || def === '') return { kind: 'addField', model: model.name, field };
        const value = valueOf(def, type);
        if (typeof value === 'string' && type !== 'string') return value;
        return { kind: 'addField', model: model.name, field, default: value as JsonValue };
      }}
    >
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        id={`${id}-name`}
        className="input mono"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
      />
      <label htmlFor={`${id}-type`}>Type</label>
      <TypeSelect id={`${id}-type`} value={type} onChange={setType} />
      <MigrateBox
        id={`${id}-optional`}
        checked={optional}
        onChange={setOptional}
        text="Optional (name?: type)"
      />
      {!optional && (
        <>
          <label htmlFor={`${id}-default`}>Default for existing records</label>
          <div>
            <input
              id={`${id}-default`}
              className="input mono"
              value={def}
              onChange={(e) => setDef(e.target.value)}
            />
            <p className="field-help">
              A required field needs a value in the records already stored; it is written to each of
              them.
            </p>
          </div>
        </>
      )}
    </EditDialog>
  );
}

function RenameField({
  model,
  field,
  onClose,
}: {
  model: ModelInfo;
  field: FieldInfo;
  onClose(): void;
}) {
  const id = useId();
  const [to, setTo] = useState(field.name);
  // On by default: a stored record keeping the old key fails every write (the key is no field).
  const [migrate, setMigrate] = useState(true);
  return (
    <EditDialog
      title={`Rename ${model.name}.${field.name}`}
      onClose={onClose}
      build={() =>
        nameError(to) ??
        (to === field.name
          ? 'Type a new name.'
          : { kind: 'renameField', model: model.name, field: field.name, to, migrate })
      }
    >
      <label htmlFor={`${id}-to`}>New name</label>
      <input
        id={`${id}-to`}
        className="input mono"
        value={to}
        onChange={(e) => setTo(e.target.value)}
        autoFocus
      />
      {model.writable && (
        <MigrateBox
          id={`${id}-migrate`}
          checked={migrate}
          onChange={setMigrate}
          text="Also rename the key in every stored record"
          left={`Stored records keep “${field.name}”: the API returns it, and answers 422 to writes of those records until the key is renamed or removed.`}
        />
      )}
    </EditDialog>
  );
}

function RemoveField({
  model,
  field,
  onClose,
}: {
  model: ModelInfo;
  field: FieldInfo;
  onClose(): void;
}) {
  const id = useId();
  const [migrate, setMigrate] = useState(true);
  return (
    <EditDialog
      title={`Remove ${model.name}.${field.name}`}
      onClose={onClose}
      build={() => ({ kind: 'removeField', model: model.name, field: field.name, migrate })}
    >
      <p className="span">
        The declaration of <code>{field.name}</code> (with its decorators and doc comment) is
        removed from the model file.
      </p>
      {model.writable && (
        <MigrateBox
          id={`${id}-migrate`}
          checked={migrate}
          onChange={setMigrate}
          text="Also delete the key from every stored record (cannot be undone)"
          left={`Stored records keep “${field.name}”: the API returns it, and answers 422 to writes of those records until the key is removed.`}
        />
      )}
    </EditDialog>
  );
}

/** What a conversion to each type does, in the words of the Change type dialog. */
const CONVERSION_HINTS: Readonly<Record<string, string>> = {
  string: 'text (12.5 → “12.5”, true → “true”)',
  number: 'a number (“12.5” → 12.5)',
  boolean: 'a boolean (“true” / “false”, 1 / 0)',
  Date: 'a date (a date’s text or epoch milliseconds → the ISO form)',
  'string[]': 'a list of text (a single value → a list of one)',
  'number[]': 'a list of numbers (“3” → [3])',
};

function ChangeType({
  model,
  field,
  onClose,
}: {
  model: ModelInfo;
  field: FieldInfo;
  onClose(): void;
}) {
  const id = useId();
  const [type, setType] = useState(field.typeText);
  const [optional, setOptional] = useState(!field.required);
  const [convert, setConvert] = useState(false);
  const convertible = (FIELD_TYPES as readonly string[]).includes(type);
  return (
    <EditDialog
      title={`Change the type of ${model.name}.${field.name}`}
      onClose={onClose}
      build={() => ({
        kind: 'changeField',
        model: model.name,
        field: field.name,
        type,
        optional,
        ...(convert && convertible ? { convert: true } : {}),
      })}
    >
      <label htmlFor={`${id}-type`}>Type</label>
      <TypeSelect id={`${id}-type`} value={type} onChange={setType} />
      <MigrateBox id={`${id}-optional`} checked={optional} onChange={setOptional} text="Optional" />
      {model.writable && (
        <MigrateBox
          id={`${id}-convert`}
          checked={convert && convertible}
          onChange={setConvert}
          disabled={!convertible}
          text="Convert the stored values"
        />
      )}
      <p className="faint span">
        {convert && convertible
          ? `Every stored ${field.name} becomes ${CONVERSION_HINTS[type] ?? `a ${type}`}; if one cannot, nothing is written and the records are named.`
          : 'Stored records are not converted: a record whose value no longer fits answers as stored.'}
      </p>
    </EditDialog>
  );
}

function LinkModels({ model, onClose }: { model: ModelInfo; onClose(): void }) {
  const id = useId();
  const models = useModelsStore((s) => s.models);
  const [parent, setParent] = useState(model.name);
  const others = models.filter((m) => m.name !== parent);
  const [child, setChild] = useState(others[0]?.name ?? model.name);
  return (
    <EditDialog
      title="Link models"
      onClose={onClose}
      build={() =>
        parent === child ? 'Choose two different models.' : { kind: 'link', parent, child }
      }
    >
      <label htmlFor={`${id}-parent`}>One</label>
      <select
        id={`${id}-parent`}
        className="select"
        value={parent}
        onChange={(e) => setParent(e.target.value)}
        autoFocus
      >
        {models.map((m) => (
          <option key={m.name}>{m.name}</option>
        ))}
      </select>
      <label htmlFor={`${id}-child`}>has many</label>
      <select
        id={`${id}-child`}
        className="select"
        value={child}
        onChange={(e) => setChild(e.target.value)}
      >
        {models.map((m) => (
          <option key={m.name}>{m.name}</option>
        ))}
      </select>
      <p className="faint span">
        Writes <code>@HasMany</code> on {parent} and <code>@BelongTo</code> on {child}; each file
        imports the other.
      </p>
    </EditDialog>
  );
}

export function FieldActionDialog({
  model,
  action,
  onClose,
}: {
  model: ModelInfo;
  action: FieldAction;
  onClose(): void;
}) {
  switch (action.kind) {
    case 'add':
      return <AddField model={model} onClose={onClose} />;
    case 'rename':
      return <RenameField model={model} field={action.field} onClose={onClose} />;
    case 'remove':
      return <RemoveField model={model} field={action.field} onClose={onClose} />;
    case 'type':
      return <ChangeType model={model} field={action.field} onClose={onClose} />;
    case 'rules':
      return <EditRules model={model} field={action.field} onClose={onClose} />;
    case 'link':
      return <LinkModels model={model} onClose={onClose} />;
  }
}
