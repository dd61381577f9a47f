/** Is the app's storage nearly full? Pure rules for the data view's storage line (issue 9, part 7). */

export const warnFromPercent = 80;

export interface HealthInput {
  /** What this site keeps in localStorage, and what the browser lets it keep there: both in UTF-16 bytes (two per character). */
  appBytes: number;
  localLimit: number;
  /** The browser's estimate for the site (in Chromium it leaves localStorage out). */
  usage: number | null;
  quota: number | null;
}

export interface HealthReport {
  /** The fuller of the two measures, 0-100 (one decimal). */
  percent: number;
  nearlyFull: boolean;
  /** 'Your data uses 1.2 MB of about 5 MB of browser storage for this app (24%).' */
  summary: string;
  /**
   * The browser's own figures for this site, only when they mean something: when that storage is
   * itself nearly full. Otherwise they would contradict the summary (Chromium's estimate leaves
   * localStorage out: "0 B of 10.0 GB" beside data that is nearly full).
   */
  siteSummary: string | null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export function assessHealth({ appBytes, localLimit, usage, quota }: HealthInput): HealthReport {
  const local = pct(appBytes, localLimit);
  const site = usage !== null && quota !== null && quota > 0 ? pct(usage, quota) : 0;
  const percent = Math.max(local, site);
  return {
    percent,
    nearlyFull: percent >= warnFromPercent,
    summary: `Your data uses ${formatBytes(appBytes)} of about ${formatBytes(localLimit)} of browser storage for this app (${local}%).`,
    siteSummary:
      usage !== null && quota !== null && quota > 0 && site >= warnFromPercent
        ? `The browser's other storage for this site is nearly full too: ${formatBytes(usage)} of ${formatBytes(quota)} (${site}%).`
        : null,
  };
}
