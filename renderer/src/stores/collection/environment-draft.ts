/**
 * The Environments dialog's editable copy of one environment (issue 30), and what Save sends.
 * A secret's value is `""` on the wire with `hasValue` telling whether the user's config
 * folder holds one; sent back empty, the stored value is kept (SaveEnvironmentBody), so the
 * dialog only sends the secrets the user typed anew.
 */
import type { Environment, EnvironmentEntry, SaveEnvironmentBody } from '../../api';

export interface VariableDraft {
  /** A stable React key: names change as the user types. */
  key: number;
  name: string;
  value: string;
  enabled: boolean;
  secret: boolean;
  /** A secret whose value is stored (and not shown): an empty value keeps it. */
  stored: boolean;
}

export interface EnvironmentDraft {
  /**
   * Which environment the user opened or added, kept through edits: a save that ends after
   * the user moved to another one must not land on that one.
   */
  key: number;
  name: string;
  /** The name on disk; null for an environment not saved yet. */
  saved: string | null;
  variables: VariableDraft[];
}

let keys = 0;
export const nextKey = (): number => ++keys;

export function blankVariable(): VariableDraft {
  return { key: nextKey(), name: '', value: '', enabled: true, secret: false, stored: false };
}

/** @example draftOf(entry).variables[0] // { name: 'baseUrl', value: '…', enabled: true, … } */
export function draftOf(entry: EnvironmentEntry): EnvironmentDraft {
  return {
    key: nextKey(),
    name: entry.environment.name,
    saved: entry.environment.name,
    variables: entry.environment.variables.map((v) => ({
      key: nextKey(),
      name: v.name,
      value: v.value,
      enabled: v.enabled !== false,
      secret: v.secret === true,
      stored: v.secret === true && v.hasValue === true,
    })),
  };
}

/** A new environment's draft, named so it repeats none of `taken`. */
export function newDraft(taken: readonly string[]): EnvironmentDraft {
  let name = 'New environment';
  for (let n = 2; taken.includes(name); n++) name = `New environment ${n}`;
  return { key: nextKey(), name, saved: null, variables: [blankVariable()] };
}

/** What Save sends: rows without a name are left out; a rename says what it replaces. */
export function saveBodyOf(draft: EnvironmentDraft): SaveEnvironmentBody {
  const environment: Environment = {
    name: draft.name.trim(),
    variables: draft.variables
      .filter((v) => v.name.trim() !== '')
      .map((v) => ({
        name: v.name.trim(),
        value: v.value,
        ...(v.enabled ? {} : { enabled: false }),
        ...(v.secret ? { secret: true } : {}),
      })),
  };
  const renamed = draft.saved !== null && draft.saved !== environment.name;
  return { environment, ...(renamed ? { replaces: draft.saved! } : {}) };
}

/** What stops a save before it is sent (the core checks the same and names the row). */
export function draftProblem(draft: EnvironmentDraft, others: readonly string[]): string | null {
  const name = draft.name.trim();
  if (name === '') return 'The environment needs a name.';
  if (others.includes(name)) return `An environment named ${name} exists already.`;
  const seen = new Set<string>();
  for (const v of draft.variables) {
    const n = v.name.trim();
    if (n === '') continue;
    if (seen.has(n)) return `The variable ${n} is listed twice.`;
    seen.add(n);
  }
  return null;
}
