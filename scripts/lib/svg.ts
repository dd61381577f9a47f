/**
 * Renders the diagrams' Mermaid text to SVG in the system Chromium (Playwright, mermaid's own browser
 * build): `npm run diagrams` time only, never in the app's bundles. Each SVG gets
 * `data-machine="<machine id>"`, `data-source-sha256="<hash of its Mermaid text>"` on the root and
 * `data-state="<state path>"` on every state's group, which the app's statechart explorer highlights.
 */
import { chromium } from '@playwright/test';
import { join } from 'node:path';
import { root, sourceHash, type Diagram } from './diagrams';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function renderSvgs(diagrams: Diagram[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!diagrams.length) return out;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: join(root, 'node_modules/mermaid/dist/mermaid.min.js') });
    for (const d of diagrams) {
      const svg = await page.evaluate(
        async ({ d, hash }) => {
          const mermaid = (
            window as unknown as {
              mermaid: { initialize(c: object): void; render(id: string, text: string): Promise<{ svg: string }> };
            }
          ).mermaid;
          // Text labels (no foreignObject HTML), so the picture shows in any SVG viewer.
          mermaid.initialize({
            startOnLoad: false,
            theme: 'neutral',
            htmlLabels: false,
            securityLevel: 'strict',
            state: { htmlLabels: false, nodeSpacing: 70, rankSpacing: 80 },
          });
          const { svg } = await mermaid.render(`sc-${d.name}`, d.mermaid);
          const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
          const el = doc.documentElement;
          el.setAttribute('data-machine', d.id);
          el.setAttribute('data-source-sha256', hash);
          el.setAttribute('role', 'img');
          el.setAttribute('aria-label', `${d.title} statechart`);
          const byId = new Map(d.states.map((s) => [s.id, s.path]));
          for (const g of Array.from(doc.querySelectorAll('g[id]'))) {
            const match = /^sc-[A-Za-z0-9]+-state-(.+)-\d+$/.exec(g.id);
            const path = match ? byId.get(match[1]!) : undefined;
            if (path) g.setAttribute('data-state', path);
          }
          return new XMLSerializer().serializeToString(doc);
        },
        { d, hash: sourceHash(d.mermaid) },
      );
      out.set(`${d.name}.svg`, `${svg}\n`);
    }
  } finally {
    await browser.close();
  }
  return out;
}
