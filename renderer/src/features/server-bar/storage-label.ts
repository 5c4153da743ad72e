/** What the server bar says about where the records live (issue 26). */
import type { ProjectStatus } from '../../api';

export interface StorageLabel {
  /** Shown: `PostgreSQL · mock on db.internal`, `Files · data/`. */
  readonly text: string;
  /** Its accessible name, in words. */
  readonly name: string;
  /** On hover: the whole address, never a password. */
  readonly title?: string;
}

/**
 * `user@host:port/database` (the core never sends a password) as the bar shows it: the
 * database first, then the host, so a narrow bar cuts the port and not the name (issue 48).
 */
function databaseText(address: string): string {
  const found = /^(?:[^@/]*@)?([^/]+)\/(.+)$/.exec(address);
  if (found === null) return address;
  const [, hostPort, database] = found;
  const host = hostPort!.replace(/:\d+$/, '');
  return `${database!} on ${host}`;
}

export function storageLabel(storage: ProjectStatus['storage']): StorageLabel | undefined {
  if (storage === undefined) return undefined;
  if (storage.kind === 'postgres')
    return {
      text: `PostgreSQL · ${databaseText(storage.database)}`,
      name: `Records in PostgreSQL: ${storage.database}`,
      title: `postgres://${storage.database}`,
    };
  return { text: `Files · ${storage.dataDir}`, name: `Records in files: ${storage.dataDir}` };
}
