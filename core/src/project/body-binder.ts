/**
 * `req.body(Model)` (spec §4.2, CONTRACT §6): the body validated like a POST and bound to an
 * instance of the model, without running its constructor (manual-mode models may take
 * arguments there).
 */
import type { ModelRuntime } from '../app/model-runtime.js';
import { markValidated } from '../app/write/validated-bodies.js';
import { ValidationProblem } from '../errors.js';
import type { BodyBinder, ModelClass } from '../http/request.js';
import type { RecordInput } from '../validation/compile.js';

export function createBodyBinder(runtimes: readonly ModelRuntime[]): BodyBinder {
  const byClass = new Map<unknown, ModelRuntime>(runtimes.map((r) => [r.schema.ctor, r]));
  return (model: ModelClass, body: unknown) => {
    const runtime = byClass.get(model);
    let values: object;
    if (runtime) values = runtime.validator.create(body);
    else if (body !== null && typeof body === 'object' && !Array.isArray(body)) values = body;
    else {
      throw new ValidationProblem(`Invalid ${model.name.toLowerCase()}`, [
        { field: '', message: 'the body must be a JSON object' },
      ]);
    }
    const instance = Object.assign(Object.create(model.prototype as object) as object, values);
    // dao(Model).save(instance) need not validate it again (issue 11).
    if (runtime) markValidated(instance, values as RecordInput);
    return instance;
  };
}
