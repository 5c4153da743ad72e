/**
 * `decorest`: the public entry for model and application authors. Re-exports only.
 */
export { Application, type ApplicationClass } from './app/application.js';
export { BelongTo } from './decorators/belong-to.js';
export { DataSource } from './decorators/data-source.js';
export { Field } from './decorators/field.js';
export { FromDataSource } from './decorators/from-data-source.js';
export { HasMany } from './decorators/has-many.js';
export { Rest } from './decorators/rest.js';
export { WebServlet } from './decorators/web-servlet.js';
export {
  HttpProblem,
  ValidationProblem,
  problems,
  type FieldError,
  type ProblemDocument,
} from './errors.js';
export { Request, type ModelClass } from './http/request.js';
export type { FormFields, MultipartBody, UploadedFile } from './http/form-types.js';
export { Response } from './http/response.js';
export type { Handler, HandlerFunction, HttpMethod, HttpRequestHandler } from './http/types.js';
export { dao, type Dao } from './app/dao.js';
export {
  documented,
  type DocumentedBodyKey,
  type DocumentedCreateOptions,
  type DocumentedFill,
  type DocumentedListOptions,
  type DocumentedReadOptions,
  type DocumentedRecordKey,
  type DocumentedRemoveOptions,
  type DocumentedUpdateOptions,
} from './app/documented-routes.js';
export type {
  IdOf,
  ModelBody,
  ModelInput,
  ModelRecord,
  ModelReplacement,
} from './http/record-types.js';
export type { RecordId } from './model/schema.js';
export type { Persistence } from './persistence/persistence.js';
export { PostgresDataSource } from './persistence/postgres-data-source.js';
export type { FieldRules } from './contract/control-api.js';
export type { FieldOptions, HasManyOptions, OnDelete, RestOptions } from './metadata/types.js';
