/**
 * The public origin the server puts in /config.json, the JWT issuer and e-mailed links. Echoing the
 * Host header would let anyone who can reach the server choose it (password-reset links pointing at
 * their own site, DNS rebinding). So: SITE_URL when set (Host is then ignored); otherwise only known
 * host names are answered (localhost, loopback, the configured HOST, this machine's name and addresses,
 * ALLOWED_HOSTS) and any other Host gets 421.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hostname, networkInterfaces } from 'node:os';

export interface OriginPolicy {
  /** Normalised SITE_URL origin (no trailing slash), if set. */
  siteUrl: string | null;
  allowedHosts: Set<string>;
  /** The public origin for this request, or null when its Host is not a known one. */
  originOf(request: FastifyRequest): string | null;
}

export function parseSiteUrl(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`SITE_URL must be an absolute http(s) URL such as https://catering.example.com, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('SITE_URL must start with http:// or https://');
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error('SITE_URL must be an origin only (no path): the app is served at the root');
  }
  return url.origin;
}

const bare = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');

/** A Host (or X-Forwarded-Host) value the server answers, read by the URL parser's own rules. */
export interface ParsedHost {
  /** Host name without port; an IPv6 literal without its brackets. */
  hostname: string;
  /** `<protocol>://<host>[:port]` as the URL parser writes it (the default port dropped). */
  origin: string;
}

/**
 * Parses a Host header value exactly as a browser would read `<protocol>://<value>/`, and accepts it only
 * when that URL's host is the whole value: no userinfo (`[::1]@evil.com` is host evil.com to a browser),
 * no path, query or fragment, no percent-escapes, no other spelling of an address (`127.1`), and a port
 * of digits. Anything else is null, so the caller refuses it rather than guessing.
 */
export function parseHost(value: string, scheme: string): ParsedHost | null {
  const protocol = scheme.toLowerCase();
  if (protocol !== 'http' && protocol !== 'https') return null;
  const given = value.toLowerCase();
  // Only the characters of a host name, an IP literal and a port: '@', '/', '\\', '?', '#', '%' never pass.
  if (!/^[a-z0-9._\-:[\]]+$/.test(given)) return null;
  let url: URL;
  try {
    url = new URL(`${protocol}://${given}/`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  // The URL parser drops the default port (localhost:80 → localhost); otherwise its host must be the value.
  const defaultPort = protocol === 'https' ? '443' : '80';
  if (given !== url.host && (url.port !== '' || given !== `${url.host}:${defaultPort}`)) return null;
  return { hostname: bare(url.hostname), origin: url.origin };
}

export function makeOriginPolicy(options: { siteUrl?: string; allowedHosts?: string[]; host?: string }): OriginPolicy {
  const siteUrl = parseSiteUrl(options.siteUrl);
  const allowed = new Set(['localhost', '127.0.0.1', '::1']);
  const add = (h: string | undefined) => {
    if (h && h.trim()) allowed.add(bare(h));
  };
  add(options.host);
  add(hostname());
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) add(a.address);
  for (const h of options.allowedHosts ?? []) add(h);
  if (siteUrl) add(new URL(siteUrl).hostname);
  allowed.delete('0.0.0.0');
  allowed.delete('::');

  return {
    siteUrl,
    allowedHosts: allowed,
    originOf(request) {
      if (siteUrl) return siteUrl;
      // request.host is X-Forwarded-Host (its last entry) behind a trusted proxy, else Host.
      const parsed = parseHost(request.host, request.protocol);
      if (!parsed || !allowed.has(parsed.hostname)) return null;
      // Built from the parsed URL, never from the header's text.
      return parsed.origin;
    },
  };
}

/** onRequest hook: without SITE_URL, an unknown Host is refused with 421 before anything else runs. */
export function refuseUnknownHost(policy: OriginPolicy) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (policy.siteUrl || policy.originOf(request)) return;
    return reply.code(421).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send({
      code: 'unknown_host',
      error_code: 'unknown_host',
      msg: 'Unknown Host header: set SITE_URL (or ALLOWED_HOSTS) to the address this server is reached at',
    });
  };
}

/** HSTS once the request is known to have come over HTTPS (directly, or via a trusted proxy's X-Forwarded-Proto). */
export const HSTS = 'max-age=31536000';
