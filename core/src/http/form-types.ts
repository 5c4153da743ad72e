/**
 * What `req.body()` holds on a manual route that received a form (issue 30). Types only, so
 * the public entry can re-export them without loading the parser.
 */

/**
 * Form fields by name: one value as a string, a repeated field as its values in order. The
 * object has no prototype, so a field named `toString` is only ever what the client sent.
 */
export type FormFields = Record<string, string | string[]>;

/** One file of a `multipart/form-data` body, read into memory. */
export interface UploadedFile {
  /** The form field it was sent under. */
  field: string;
  /** The file name the client gave (`""` when it gave none). */
  name: string;
  /** The part's declared media type (`text/plain` when it declared none, as RFC 7578 says). */
  type: string;
  /** Its size in bytes (`data.length`). */
  size: number;
  data: Buffer;
}

/** `req.body()` for `multipart/form-data`: the text fields, and the files in the order sent. */
export interface MultipartBody {
  fields: FormFields;
  files: UploadedFile[];
}
