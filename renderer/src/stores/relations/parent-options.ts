/**
 * The parent picker's suggestions: for a numeric-id parent, a typed id looks that record up;
 * other text searches the records' string fields (the records query's `q`); an empty text
 * lists the first records. Debounced; the answer names the text it was for, so the picker never
 * offers suggestions for text that has since changed.
 */
import { useEffect, useState } from 'react';

import { client, type JsonRecord, type RecordKey } from '../../api';
import { useModelsStore } from '../models/models-store';
import { labelFieldOf, labelOf } from './record-labels';

export interface ParentOption {
  id: RecordKey;
  /** The parent's title, or '' when its model has none. */
  label: string;
}

export interface ParentOptions {
  /** The query these answer (see {@link parentQuery}); stale when the text moved on. */
  query: string;
  options: ParentOption[];
  /** Records matching, of which `options` are the first. */
  total: number;
}

export const PARENT_OPTIONS_LIMIT = 20;
const DEBOUNCE_MS = 120;

/** Whether `text` reads as an id of a numeric-id model. */
export const isNumericId = (text: string): boolean => /^-?\d+$/.test(text.trim());

/** What to ask the target model for, given the editor's text. */
export function parentQuery(
  text: string,
  idKind: 'number' | 'string',
): Record<string, string | number> {
  const trimmed = text.trim();
  if (trimmed === '') return { limit: PARENT_OPTIONS_LIMIT };
  if (idKind === 'number' && isNumericId(trimmed)) return { id: trimmed, limit: 1 };
  return { q: trimmed, limit: PARENT_OPTIONS_LIMIT };
}

export function toOptions(records: JsonRecord[], labelField: string | undefined): ParentOption[] {
  return records.map((r) => ({ id: r.id, label: labelOf(r, labelField) }));
}

/**
 * Suggestions for `text`, with the query they answer (`answer` is `null` until the first one),
 * and whether the target's ids are numbers (a typed name is then never an id).
 */
export function useParentOptions(
  target: string,
  text: string,
): { answer: ParentOptions | null; query: string; numeric: boolean } {
  const [answer, setAnswer] = useState<ParentOptions | null>(null);
  const model = useModelsStore((s) => s.models.find((m) => m.name === target));
  const numeric = model?.idKind !== 'string';
  const query = JSON.stringify(parentQuery(text, numeric ? 'number' : 'string'));
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      client()
        .call('listRecords', {
          params: { model: target },
          query: JSON.parse(query) as Record<string, string | number>,
        })
        .then((page) => {
          const field = model ? labelFieldOf(model) : undefined;
          if (live) setAnswer({ query, options: toOptions(page.items, field), total: page.total });
        })
        .catch(() => live && setAnswer({ query, options: [], total: 0 }));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [target, query, model]);
  return { answer, query, numeric };
}
