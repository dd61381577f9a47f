/**
 * The Content-Security-Policy of every response. Scripts come from the app's own origin, plus the
 * inline scripts of the built pages (the colour-mode script in <head>, inlined by vite.config.ts),
 * each allowed by its SHA-256 hash: a script injected into a page has another hash and does not run.
 */
import { createHash } from 'node:crypto';

/** The `'sha256-…'` source of each inline `<script>` (one without a src) in `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    // Ark UI positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "media-src 'self'",
    "connect-src 'self' https://*.supabase.co wss://*.supabase.co",
    // The tutorial videos are the app's own files (media-src 'self', captions included). An operator who
    // points one at an external player page (src/content/site.ts) allows its host here; it is only
    // inserted after a click.
    'frame-src https://www.youtube-nocookie.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
