/**
 * The parent picker's suggestions: records of the relation's target model matching what is
 * typed (the records query's `q`, every string field), or its first records while the text is
 * empty or an id. Debounced, and an answer for older text is dropped.
 */
import { useEffect, useState } from 'react';

import { client, type JsonRecord, type RecordKey } from '../api';
import { useModelsStore } from './models-store';
import { labelFieldOf, labelOf } from './record-labels';

export interface ParentOption {
  id: RecordKey;
  /** The parent's title, or '' when its model has none. */
  label: string;
}

export const PARENT_OPTIONS_LIMIT = 20;
const DEBOUNCE_MS = 120;

/** What to ask the target model for, given the editor's text. */
export function parentQuery(text: string): Record<string, string | number> {
  const trimmed = text.trim();
  const searching = trimmed !== '' && !/^-?\d+$/.test(trimmed);
  return searching ? { q: trimmed, limit: PARENT_OPTIONS_LIMIT } : { limit: PARENT_OPTIONS_LIMIT };
}

export function toOptions(records: JsonRecord[], labelField: string | undefined): ParentOption[] {
  return records.map((r) => ({ id: r.id, label: labelOf(r, labelField) }));
}

/** Suggestions for `text`; `null` until the first answer. */
export function useParentOptions(target: string, text: string): ParentOption[] | null {
  const [options, setOptions] = useState<ParentOption[] | null>(null);
  const model = useModelsStore((s) => s.models.find((m) => m.name === target));
  const query = JSON.stringify(parentQuery(text));
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      client()
        .listRecords(target, JSON.parse(query) as Record<string, string | number>)
        .then((page) => {
          if (live) setOptions(toOptions(page.items, model ? labelFieldOf(model) : undefined));
        })
        .catch(() => live && setOptions([]));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [target, query, model]);
  return options;
}
