/**
 * Issue 43: the JSON Schema a control body is checked against, as plain data (the contract
 * imports nothing; Ajv compiles it on the server, `core/src/validation/body-check.ts`). Only
 * the keywords the bodies use are typed, so a typo in a schema is a compile error.
 *
 * `message` is an annotation of ours, not JSON Schema: the sentence a 422 says when the value
 * at that node is wrong (`must be the path of a project folder`), for every keyword or per
 * keyword (`{ type: 'must be a string', minLength: 'must not be empty' }`). Without one, the
 * checker says what Ajv found in the contract's words (`must be a string`, `is required`).
 */

export type BodyType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** The keywords a {@link BodySchema.message} may name. */
export type BodyKeyword =
  | 'type'
  | 'required'
  | 'additionalProperties'
  | 'enum'
  | 'const'
  | 'minimum'
  | 'exclusiveMinimum'
  | 'maximum'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'minItems'
  | 'maxItems'
  | 'discriminator';

export interface BodySchema {
  readonly type?: BodyType | readonly BodyType[];
  readonly properties?: Readonly<Record<string, BodySchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | BodySchema;
  readonly items?: BodySchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** An ECMAScript pattern with the `u` flag, as Ajv runs it. */
  readonly pattern?: string;
  readonly minimum?: number;
  readonly exclusiveMinimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly (string | number | boolean | null)[];
  readonly const?: string | number | boolean | null;
  /** A tagged union: the branch is picked by the value of `propertyName` (OpenAPI's form). */
  readonly discriminator?: { readonly propertyName: string };
  readonly oneOf?: readonly BodySchema[];
  readonly allOf?: readonly BodySchema[];
  readonly if?: BodySchema;
  readonly then?: BodySchema;
  readonly else?: BodySchema;
  readonly message?: string | Readonly<Partial<Record<BodyKeyword, string>>>;
}

/** A string with at least one character that is not white space, and no NUL. */
export const NON_BLANK = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';

/** No NUL character anywhere. */
export const NO_NUL = '^[^\\u0000]*$';
