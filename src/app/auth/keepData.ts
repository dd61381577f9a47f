/** Asks the browser to keep this site's data when space runs low (src/storage/health.ts, loaded on demand). */
export function askToKeepData(): void {
  void import('../../storage/health').then((health) => health.requestPersistentStorage());
}
