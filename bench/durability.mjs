// "Acknowledged means in the datafile" (issue 6): after the create cell the bench kills decorest
// with SIGKILL (no chance to flush anything on the way out) and looks for every id it answered
// 201 for in the datafile, read with NeDB's semantics.
import { readFile } from 'node:fs/promises';

/**
 * The live documents of a NeDB datafile: one JSON document a line, the last line of an `_id`
 * wins, `{"$$deleted": true, "_id": …}` removes it, `$$indexCreated` lines define indexes. A
 * line that does not parse is counted (a write torn by the kill can only be the last one).
 */
export async function readNedbDocuments(file) {
  const text = await readFile(file, 'utf8');
  const docs = new Map();
  let bad = 0;
  let lines = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    lines++;
    let doc;
    try {
      doc = JSON.parse(line);
    } catch {
      bad++;
      continue;
    }
    if (doc === null || typeof doc !== 'object' || doc.$$indexCreated !== undefined) continue;
    if (doc.$$deleted === true) docs.delete(doc._id);
    else if (doc._id !== undefined) docs.set(doc._id, doc);
  }
  return { docs, lines, bad };
}

/** Which of the acknowledged ids (strings) are among the datafile's live records' `id`s. */
export async function checkDurability(file, acked) {
  const { docs, lines, bad } = await readNedbDocuments(file);
  const present = new Set();
  for (const doc of docs.values()) present.add(String(doc.id ?? doc._id));
  const missing = [...acked].filter((id) => !present.has(id));
  return {
    acked: acked.size,
    found: acked.size - missing.length,
    missing,
    records: docs.size,
    lines,
    bad,
  };
}
