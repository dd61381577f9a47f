/** The build this tab runs (stamped into index.html by the build) and the one the server has now. */
export function currentBuildId(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content || null;
}

export async function fetchBuildId(): Promise<string> {
  const response = await fetch('/version.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`version.json: ${response.status}`);
  const body = (await response.json()) as { buildId?: unknown };
  if (typeof body.buildId !== 'string') throw new Error('version.json: no buildId');
  return body.buildId;
}
