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
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/** The `<meta>` a build made with VITE_SUPABASE_URL carries (vite.config.ts), so the server knows where the app connects. */
export const AUTH_URL_META = 'cc-auth-url';

export function authUrlMetaTag(url: string): {
  tag: 'meta';
  attrs: { name: string; content: string };
  injectTo: 'head';
} {
  return { tag: 'meta', attrs: { name: AUTH_URL_META, content: authOrigin(url) }, injectTo: 'head' };
}

function authOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`VITE_SUPABASE_URL must be an absolute http(s) URL, got "${url}"`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`VITE_SUPABASE_URL must start with https://, got "${url}"`);
  return parsed.origin;
}

/** The hosted auth origin a built page names in its cc-auth-url meta, or null (the embedded server: 'self'). */
export function authUrlFromHtml(html: string): string | null {
  for (const match of html.matchAll(/<meta\s[^>]*>/gi)) {
    const tag = match[0];
    const name = /\sname\s*=\s*"([^"]*)"/i.exec(tag)?.[1];
    if (name !== AUTH_URL_META) continue;
    const content = /\scontent\s*=\s*"([^"]*)"/i.exec(tag)?.[1] ?? '';
    return authOrigin(content.replace(/&amp;/g, '&'));
  }
  return null;
}

/** connect-src sources for the auth origin: its HTTP origin and the matching WebSocket origin (Realtime). */
export function connectSourcesFor(authUrl: string | null): string[] {
  if (!authUrl) return [];
  const origin = authOrigin(authUrl);
  return [origin, origin.replace(/^http/, 'ws')];
}

/**
 * connect-src is 'self' plus, for a build against hosted Supabase, that one project (never every
 * *.supabase.co: any project, an attacker's included, could then receive what a script sends).
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[] = [],
  connectSources: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    // Ark UI positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "media-src 'self'",
    ["connect-src 'self'", ...connectSources].join(' '),
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
