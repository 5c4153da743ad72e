export type {
  Collection,
  CollectionOptions,
  IndexValue,
  NewRecord,
  StoredRecord,
} from './collection.js';
export type { IdKind, RecordId } from '../model/schema.js';
export {
  FileCollection,
  type FileCollectionOptions,
  openFileCollection,
} from './collections/file-collection.js';
export { MemoryCollection } from './collections/memory-collection.js';
export {
  CollectionClosedError,
  FieldNotIndexedError,
  IdConflictError,
  IdKindError,
  InvalidRecordError,
  StorageWriteError,
} from '../errors.js';
