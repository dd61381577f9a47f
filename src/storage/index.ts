export * from './keys';
export * from './schemas';
export { defineKey, listKeys, onCorruptValue, StorageWriteError, type CorruptValueReport, type KeyAccessor, type WriteResult } from './store';
