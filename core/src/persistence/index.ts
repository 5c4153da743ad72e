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
} from './file-collection.js';
export { MemoryCollection } from './memory-collection.js';
export {
  CollectionClosedError,
  FieldNotIndexedError,
  IdConflictError,
  IdKindError,
  InvalidRecordError,
  StorageWriteError,
} from '../errors.js';
