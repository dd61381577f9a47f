/**
 * The Content-Security-Policy (server/csp.ts): scripts from the app's origin, plus exactly the inline
 * scripts of the built pages, each by its hash; a script injected into a page does not match.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from '../../server/csp.ts';
import { makeDirs, startServer } from './helpers.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scriptSrc = (policy: string) => policy.split('; ').find((directive) => directive.startsWith('script-src ')) ?? '';
const themeScript = "(function(){document.documentElement.classList.add('dark')})();";

describe('inline script hashes', () => {
  it('hashes each inline script, byte for byte, and skips scripts with a src', () => {
    const html = `<head><script>${themeScript}</script><script type="module" crossorigin src="/assets/index.js"></script></head><body><script>\n  one()\n</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha(themeScript), sha('\n  one()\n')]);
  });

  it('lists a script repeated on the page once, and none for a page without inline scripts', () => {
    expect(inlineScriptHashes(`<script>${themeScript}</script><script>${themeScript}</script>`)).toEqual([
      sha(themeScript),
    ]);
    expect(inlineScriptHashes('<script src="/a.js"></script><p>text</p>')).toEqual([]);
  });

  it("allows the hashes in script-src after 'self', and nothing inline without them", () => {
    const policy = contentSecurityPolicy([sha(themeScript)]);
    expect(policy).toContain(`script-src 'self' ${sha(themeScript)};`);
    expect(contentSecurityPolicy()).toContain("script-src 'self';");
    expect(scriptSrc(policy)).not.toContain('unsafe-inline');
  });
});

describe('the server sends the policy of its build', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('allows the inline script of dist/index.html by its hash on every page', async () => {
    const dirs = makeDirs();
    cleanups.push(dirs.cleanup);
    writeFileSync(
      join(dirs.distDir, 'index.html'),
      `<!doctype html><html><head><script>${themeScript}</script></head><body><div id="root"></div></body></html>`,
    );
    const server = await startServer(dirs);
    cleanups.push(() => server.close());
    for (const url of ['/', '/Inventory', '/no-such-page']) {
      const response = await server.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      expect(policy, url).toContain(`script-src 'self' ${sha(themeScript)};`);
      expect(scriptSrc(policy), url).not.toContain('unsafe-inline');
    }
  });
});
