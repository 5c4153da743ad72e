/** What the server bar says about where the records live (issue 26). */
import type { ProjectStatus } from '../../api';

export interface StorageLabel {
  /** Shown: `PostgreSQL · mock@db.internal:5432/mock`, `Files · data/`. */
  readonly text: string;
  /** Its accessible name, in words. */
  readonly name: string;
}

export function storageLabel(storage: ProjectStatus['storage']): StorageLabel | undefined {
  if (storage === undefined) return undefined;
  if (storage.kind === 'postgres')
    return {
      text: `PostgreSQL · ${storage.database}`,
      name: `Records in PostgreSQL: ${storage.database}`,
    };
  return { text: `Files · ${storage.dataDir}`, name: `Records in files: ${storage.dataDir}` };
}
