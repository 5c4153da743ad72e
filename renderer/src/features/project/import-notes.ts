/**
 * Where each note of an import preview belongs (issue 28: "every guess highlighted"): the readers
 * name a field `<Model>.<field>` (or its JSON key), a model by its class name or path, and
 * anything else by a JSON pointer into the source.
 */
import type { ImportNote, ImportPreview } from '../../api';

export interface GroupedNotes {
  /** By `<Model>.<field name>`: shown on the field's row. */
  byField: Map<string, ImportNote[]>;
  /** By model name: shown under the model's card. */
  byModel: Map<string, ImportNote[]>;
  /** The rest (routes, security schemes, servers, collections not imported). */
  other: ImportNote[];
}

export const fieldKey = (model: string, field: string): string => `${model}.${field}`;

function push(map: Map<string, ImportNote[]>, key: string, note: ImportNote): void {
  const list = map.get(key);
  if (list) list.push(note);
  else map.set(key, [note]);
}

/**
 * A note on a field the model does not have (it was not imported) shows under the model's
 * card, where "is a nested object" would not say which (issue 41): the field leads its text.
 */
function namingItsField(note: ImportNote): ImportNote {
  const dot = note.at.indexOf('.');
  if (dot === -1) return note;
  return { ...note, text: `${note.at.slice(dot + 1)} ${note.text}` };
}

export function groupNotes(preview: ImportPreview): GroupedNotes {
  const fields = new Map<string, string>();
  const models = new Map<string, string>();
  for (const model of preview.models) {
    models.set(model.name, model.name);
    models.set(model.path, model.name);
    const names = [
      ...model.fields.flatMap((f) => [
        [f.name, f.name],
        [f.wireName ?? f.name, f.name],
      ]),
      ...model.relations.map((r) => [r.field, r.field]),
      ['id', 'id'],
    ];
    for (const [said, shown] of names) {
      fields.set(fieldKey(model.name, said!), fieldKey(model.name, shown!));
      fields.set(fieldKey(model.path, said!), fieldKey(model.name, shown!));
    }
  }
  const grouped: GroupedNotes = { byField: new Map(), byModel: new Map(), other: [] };
  for (const note of preview.notes) {
    const field = fields.get(note.at);
    const model = models.get(note.at) ?? models.get(note.at.split('.')[0]!);
    if (field) push(grouped.byField, field, note);
    else if (model) push(grouped.byModel, model, namingItsField(note));
    else grouped.other.push(note);
  }
  return grouped;
}
