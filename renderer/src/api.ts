/**
 * The renderer's one door to the core (DESIGN.md): the control client of this window and the
 * contract's types. Stores call `client()` and never build URLs themselves; `connect` is
 * called once by boot.tsx after the endpoint is known.
 */
import { ControlClient } from '../../core/src/control/client';

export type {
  ControlClientOptions,
  RecordQuery,
  StreamState,
  SubscribeOptions,
} from '../../core/src/control/client';
export { ControlClient, ControlError } from '../../core/src/control/client';
export type * from '../../core/src/contract/control-api';
export { COLLECTION_CONTROLS, FIELD_TYPES } from '../../core/src/contract/control-api';
export {
  COMPARE_OPERATORS,
  HEADER_SOURCE,
  JSON_TYPES,
  UPLOAD_LIMIT,
  VARIABLE_NAME,
} from '../../core/src/contract/requests-api';
export { sizeInWords } from '../../core/src/contract/sizes';
// Issue 30: `{{variable}}` resolution, the same the core uses (pure: no node, no client).
export {
  fillText,
  findVariables,
  resolveVariables,
  variablesOf,
} from '../../core/src/contract/variables';
// Issue 41: Postman's `{{$guid}}`, `{{$randomEmail}}`, … drawn from faker on each send.
export { drawDynamicValues, isDynamicVariable } from '../../core/src/contract/dynamic-variables';

// Issue 30: the tests of an answer, checked the same way after Send and by "Run folder".
export type { AnswerForAssertions, AssertionResult } from '../../core/src/contract/assertions';
export {
  checkAssertions,
  COMPARE_WORDS,
  describeAssertion,
  readAnswer,
} from '../../core/src/contract/assertions';
// Issue 47: a request filled, planned and run, and the values its answer saves (`set`): the same
// code `decorest run` uses, so the Console and CI send and check a request alike.
export type { CaptureResult } from '../../core/src/contract/captures';
export { captureValues, describeCapture, headerOfSource } from '../../core/src/contract/captures';
export type { FilledRequest, RequestTemplate } from '../../core/src/contract/request-fill';
export {
  dynamicNamesOf,
  fillRequest,
  templateOfSaved,
  unknownVariables,
} from '../../core/src/contract/request-fill';
export type { OutgoingParts } from '../../core/src/contract/request-plan';
export { basicCredentials, outgoingOf, takesBody } from '../../core/src/contract/request-plan';
export type {
  RequestOutcome,
  RunTransport,
  SendableRequest,
} from '../../core/src/contract/request-run';
export { runSequence } from '../../core/src/contract/request-run';
export {
  joinUrl,
  pathParameterOf,
  splitUrl,
  urlOfSaved,
} from '../../core/src/contract/request-url';

let current: ControlClient | null = null;

export function connect(url: string, token: string): ControlClient {
  current = new ControlClient({ baseUrl: url, token });
  return current;
}

/** For tests: install a client (a real one pointed at a test server). */
export function setClient(client: ControlClient | null): void {
  current = client;
}

export function client(): ControlClient {
  if (!current) throw new Error('The control client is used before connect()');
  return current;
}
