/**
 * A unified diff of two texts (lines, three of context), for the studio's preview: what a
 * user reads before a model file is written. Files are small; a plain LCS table is enough.
 */
function lines(text: string): string[] {
  if (text === '') return [];
  const parts = text.split('\n');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

type Op = { kind: ' ' | '-' | '+'; line: string; a: number; b: number };

function operations(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  // Common prefix and suffix first: an edit changes a few lines of a file.
  let start = 0;
  while (start < n && start < m && a[start] === b[start]) start++;
  let endA = n;
  let endB = m;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const rows = endA - start;
  const cols = endB - start;
  const table = Array.from({ length: rows + 1 }, () => new Uint32Array(cols + 1));
  for (let i = rows - 1; i >= 0; i--)
    for (let j = cols - 1; j >= 0; j--)
      table[i]![j] =
        a[start + i] === b[start + j]
          ? table[i + 1]![j + 1]! + 1
          : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const ops: Op[] = [];
  for (let k = 0; k < start; k++) ops.push({ kind: ' ', line: a[k]!, a: k, b: k });
  let i = 0;
  let j = 0;
  while (i < rows || j < cols) {
    if (i < rows && j < cols && a[start + i] === b[start + j]) {
      ops.push({ kind: ' ', line: a[start + i]!, a: start + i, b: start + j });
      i++;
      j++;
    } else if (i < rows && (j === cols || table[i + 1]![j]! >= table[i]![j + 1]!)) {
      // Removed lines before added ones, as `git diff` prints a changed line.
      ops.push({ kind: '-', line: a[start + i]!, a: start + i, b: start + j });
      i++;
    } else {
      ops.push({ kind: '+', line: b[start + j]!, a: start + i, b: start + j });
      j++;
    }
  }
  for (let k = 0; endA + k < n; k++)
    ops.push({ kind: ' ', line: a[endA + k]!, a: endA + k, b: endB + k });
  return ops;
}

/** `--- a/<name>` / `+++ b/<name>` and its hunks; empty when the texts are equal. */
export function unifiedDiff(name: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  const ops = operations(lines(before), lines(after));
  const out = [`--- ${before === '' ? '/dev/null' : `a/${name}`}`, `+++ b/${name}`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k]!.kind === ' ') {
      k++;
      continue;
    }
    const from = Math.max(0, k - context);
    let end = k;
    // Extend the hunk while the next change is within 2 × context lines.
    for (let scan = k; scan < ops.length; scan++) {
      if (ops[scan]!.kind !== ' ') end = scan;
      else if (scan - end > context * 2) break;
    }
    const to = Math.min(ops.length, end + context + 1);
    const hunk = ops.slice(from, to);
    const aStart = hunk[0]!.a;
    const bStart = hunk[0]!.b;
    const aCount = hunk.filter((o) => o.kind !== '+').length;
    const bCount = hunk.filter((o) => o.kind !== '-').length;
    out.push(
      `@@ -${aCount === 0 ? aStart : aStart + 1},${aCount} +${bCount === 0 ? bStart : bStart + 1},${bCount} @@`,
    );
    for (const o of hunk) out.push(`${o.kind}${o.line}`);
    k = to;
  }
  return `${out.join('\n')}\n`;
}
