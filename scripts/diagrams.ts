/** `npm run diagrams`: regenerate docs/statecharts from the machines. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagramsDir, renderDiagrams } from './lib/diagrams';

const diagrams = await renderDiagrams();
mkdirSync(diagramsDir, { recursive: true });
for (const name of readdirSync(diagramsDir)) {
  if (name.endsWith('.md') && !diagrams.has(name)) rmSync(join(diagramsDir, name));
}
for (const [name, text] of diagrams) writeFileSync(join(diagramsDir, name), text);
console.log(`wrote ${diagrams.size} files to docs/statecharts`);
