export type {
  Collection,
  CollectionOptions,
  IdKind,
  IndexValue,
  NewRecord,
  RecordId,
  StoredRecord,
} from './collection.js';
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
