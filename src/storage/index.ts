export * from './keys';
export * from './schemas';
export * from './preferences';
export * from './owned';
export { describeIssues } from './issues';
export {
  announceLocalChange,
  defineKey,
  listKeys,
  StorageWriteError,
  type KeyAccessor,
  type Schema,
  type WriteResult,
} from './store';
export {
  createCollectionSync,
  revOf,
  type CollectionAccessor,
  type CollectionSync,
  type Conflict,
  type SaveResult,
} from './collection';
export { listRecovered, onSetAside, removeRecovered, type RecoveredEntry } from './recovered';
export { quotaAdvice } from './raw';
export {
  checkRecovered,
  countRecovered,
  discard as discardRecovered,
  putBack,
  watchRecovered,
  type CheckResult,
  type DiscardResult,
  type PutBackResult,
} from './recoveredActions';
