/** The problems a form body answers (issue 30), and limits in words. */
import { problems, ValidationProblem } from '../errors.js';

export { sizeInWords } from '../contract/sizes.js';

/** The form reader's problems, named for it; each is one of the problems table's. */
export const formProblems = {
  malformed: problems.malformedForm,
  tooLarge: (detail: string) => problems.payloadTooLarge(0, detail),
  unsupported: (contentType: string | undefined) =>
    problems.unsupportedMediaType(
      contentType,
      'application/json, application/x-www-form-urlencoded or multipart/form-data',
    ),
  /** `req.body(Model)` validates like a POST, and a POST takes JSON only (CONTRACT §2). */
  modelNeedsJson: (essence: string) =>
    problems.unsupportedMediaType(
      essence,
      'application/json',
      `req.body(Model) reads JSON bodies; this request sent ${essence} (the route can read it with req.body())`,
    ),
  /** The same 422 as JSON's forbidden keys (CONTRACT §4). */
  forbiddenField: (name: string) =>
    new ValidationProblem('Invalid request body', [{ field: name, message: 'is a forbidden key' }]),
};
