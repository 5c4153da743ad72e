/**
 * The problems a form body answers (issue 30). Built here rather than in errors/problems.ts so
 * the form reader stays one self-contained piece of the HTTP layer.
 */
import { HttpProblem, ValidationProblem } from '../errors.js';

/** `52428800` → `50 MiB`: a limit as a person reads it. */
export function sizeInWords(bytes: number): string {
  const units: readonly [number, string][] = [
    [1024 * 1024 * 1024, 'GiB'],
    [1024 * 1024, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}

export const formProblems = {
  malformed: (detail: string) =>
    new HttpProblem({
      code: 'MALFORMED_FORM',
      status: 400,
      type: 'malformed-form',
      title: 'Malformed form body',
      detail,
    }),
  tooLarge: (detail: string) =>
    new HttpProblem({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
      type: 'payload-too-large',
      title: 'Payload too large',
      detail,
    }),
  /** A manual route reads JSON and forms; anything else is still a 415. */
  unsupported: (contentType: string | undefined) =>
    new HttpProblem({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      type: 'unsupported-media-type',
      title: 'Unsupported media type',
      detail: `request body must be application/json, application/x-www-form-urlencoded or multipart/form-data, got ${contentType ? JSON.stringify(contentType) : 'no Content-Type'}`,
    }),
  /** `req.body(Model)` validates like a POST, and a POST takes JSON only (CONTRACT §2). */
  modelNeedsJson: (essence: string) =>
    new HttpProblem({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      type: 'unsupported-media-type',
      title: 'Unsupported media type',
      detail: `req.body(Model) reads JSON bodies; this request sent ${essence} (the route can read it with req.body())`,
    }),
  /** The same 422 as JSON's forbidden keys (CONTRACT §4). */
  forbiddenField: (name: string) =>
    new ValidationProblem('Invalid request body', [{ field: name, message: 'is a forbidden key' }]),
};
