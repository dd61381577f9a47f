export * from './keys';
export * from './schemas';
export * from './preferences';
export { defineKey, listKeys, onCorruptValue, StorageWriteError, type CorruptValueReport, type KeyAccessor, type Schema, type WriteResult } from './store';
