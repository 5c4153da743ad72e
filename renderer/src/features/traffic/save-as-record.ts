/**
 * "Save as record" (issue 16): a logged or proxied answer's JSON object becomes a record of
 * the model its path names. Only the model's own fields are kept (an answer from a real
 * backend often carries more), and its `id` is left to the mock API, so saving never
 * collides with a record that exists.
 */
import type { ModelInfo, TrafficExchange } from '../../api';
import { modelOfPath } from '../../stores/models/model-of-path';

export type RecordDraft =
  | { ok: true; model: string | null; body: Record<string, unknown>; leftOut: string[] }
  | { ok: false; reason: string };

/** The writable model whose path is the last segment of `url` that names one. */
export function modelForUrl(url: string, models: readonly ModelInfo[]): string | null {
  return modelOfPath(url, models, (m) => m.writable)?.name ?? null;
}

/** The fields a record of `model` takes on a POST. */
export function writableKeys(model: ModelInfo): Set<string> {
  return new Set([
    ...model.fields.map((f) => f.name),
    ...model.relations.filter((r) => r.kind === 'belongTo').map((r) => r.field),
  ]);
}

/** What saving `exchange`'s answer (or, for a write, its request) as a record would send. */
export function draftRecord(
  exchange: TrafficExchange,
  models: readonly ModelInfo[],
  modelName?: string | null,
): RecordDraft {
  const fromRequest = exchange.status >= 400 || exchange.responseBody === '';
  const body = fromRequest ? exchange.requestBody : exchange.responseBody;
  const truncated = fromRequest ? exchange.requestTruncated : exchange.responseTruncated;
  if (truncated)
    return {
      ok: false,
      reason: 'Only the first 16 KB of the body was kept: replay it in Console.',
    };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'The body is not JSON.' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, reason: 'The body is not one JSON object (a list or a value).' };
  const name = modelName === undefined ? modelForUrl(exchange.url, models) : modelName;
  const model = models.find((m) => m.name === name);
  const record: Record<string, unknown> = {};
  const leftOut: string[] = [];
  const keys = model ? writableKeys(model) : null;
  for (const [key, value] of Object.entries(parsed)) {
    if (key === 'id' || (keys !== null && !keys.has(key))) leftOut.push(key);
    else record[key] = value;
  }
  return { ok: true, model: model?.name ?? null, body: record, leftOut };
}
