/**
 * `npm run diagrams`: regenerate docs/statecharts from the machines: the Mermaid text and index (always)
 * and the SVG pictures (only those whose Mermaid text changed, so unchanged pictures stay byte-identical).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagramsDir, loadDiagrams, renderDiagrams, sourceHash } from './lib/diagrams';
import { renderSvgs } from './lib/svg';

const diagrams = await loadDiagrams();
const files = await renderDiagrams(diagrams);
mkdirSync(diagramsDir, { recursive: true });
const wanted = new Set([...files.keys(), ...diagrams.map((d) => `${d.name}.svg`)]);
for (const name of readdirSync(diagramsDir)) {
  if (/\.(md|svg|json)$/.test(name) && !wanted.has(name)) rmSync(join(diagramsDir, name));
}
for (const [name, text] of files) writeFileSync(join(diagramsDir, name), text);

const hashOf = (file: string) =>
  existsSync(file) ? /data-source-sha256="([0-9a-f]+)"/.exec(readFileSync(file, 'utf8'))?.[1] : undefined;
const stale = diagrams.filter((d) => hashOf(join(diagramsDir, `${d.name}.svg`)) !== sourceHash(d.mermaid));
const svgs = await renderSvgs(stale);
for (const [name, svg] of svgs) writeFileSync(join(diagramsDir, name), svg);
console.log(
  `wrote ${files.size} text files and ${svgs.size} pictures (${diagrams.length - stale.length} unchanged) to docs/statecharts`,
);
