/**
 * Reads electronegativity's CSV report and decides whether the audit passes: every finding of
 * medium severity or higher must be explained, by an entry of electron/electronegativity-
 * allowlist.json (issue, file, reason) and by docs/desktop-app.md naming the issue.
 */

export interface Finding {
  issue: string;
  severity: string;
  confidence: string;
  file: string;
  location: string;
  sample: string;
}

export interface AllowEntry {
  issue: string;
  /** The built file, relative to the scanned folder (`window.js`). */
  file: string;
  reason: string;
}

const BLOCKING = new Set(['MEDIUM', 'HIGH', 'CRITICAL']);

/** RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f.trim() !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f.trim() !== '')) rows.push(row);
  return rows;
}

/** The findings of a report (its header row names the columns). */
export function readFindings(csv: string): Finding[] {
  const [header, ...rows] = parseCsv(csv);
  if (!header) return [];
  const col = (name: string) => header.findIndex((h) => h.trim() === name);
  const at = (row: string[], name: string) => (row[col(name)] ?? '').trim();
  return rows.map((row) => ({
    issue: at(row, 'issue'),
    severity: at(row, 'severity').toUpperCase(),
    confidence: at(row, 'confidence'),
    file: at(row, 'filename'),
    location: at(row, 'location'),
    sample: at(row, 'sample'),
  }));
}

/** Checks the allowlist's shape: every entry names an issue and a file and gives a reason. */
export function parseAllowlist(data: unknown): AllowEntry[] {
  if (!Array.isArray(data)) throw new Error('the allowlist must be a JSON array');
  return data.map((entry, i) => {
    const e = entry as Partial<Record<keyof AllowEntry, unknown>>;
    for (const key of ['issue', 'file', 'reason'] as const) {
      if (typeof e[key] !== 'string' || (e[key] as string).trim() === '') {
        throw new Error(`allowlist entry ${i} needs a non-empty "${key}"`);
      }
    }
    return e as AllowEntry;
  });
}

export interface AuditOutcome {
  /** Medium or higher, with no allowlist entry or not named in docs/desktop-app.md. */
  unexplained: Finding[];
  explained: Finding[];
  /** Allowlist entries that matched nothing: the code changed, the entry should go. */
  stale: AllowEntry[];
}

export function auditFindings(
  findings: readonly Finding[],
  allowlist: readonly AllowEntry[],
  /** The text that must name each allow-listed issue (docs/desktop-app.md). */
  docsPage: string,
): AuditOutcome {
  const outcome: AuditOutcome = { unexplained: [], explained: [], stale: [] };
  const used = new Set<AllowEntry>();
  for (const finding of findings) {
    if (!BLOCKING.has(finding.severity)) continue;
    const entry = allowlist.find((e) => e.issue === finding.issue && e.file === finding.file);
    if (entry && docsPage.includes(finding.issue)) {
      used.add(entry);
      outcome.explained.push(finding);
    } else {
      outcome.unexplained.push(finding);
    }
  }
  outcome.stale = allowlist.filter((e) => !used.has(e));
  return outcome;
}
