/**
 * The diagrams `npm run diagrams` renders at build time (docs/statecharts/*.svg, Mermaid drawn in the
 * system Chromium, so no diagram engine ships to users) and their index. Only the lazy explorer and the
 * /statecharts page import this; each SVG is its own chunk, loaded when shown.
 */
import machineIndex from '../../../docs/statecharts/index.json';

export interface MachineDiagram {
  /** The machine file's base name, e.g. inventoryBoard. */
  name: string;
  /** The machine config id (what a running actor's logic.id says). */
  id: string;
  title: string;
  file: string;
  source?: string;
}

export const machines: MachineDiagram[] = (machineIndex as MachineDiagram[]).map(
  ({ name, id, title, file, source }) => ({ name, id, title, file, source }),
);

export function machineById(id: string | undefined): MachineDiagram | undefined {
  return machines.find((m) => m.id === id);
}

const svgLoaders = import.meta.glob<string>('../../../docs/statecharts/*.svg', { query: '?raw', import: 'default' });
/** The Markdown (Mermaid source and transition list) of each diagram, loaded when asked for. */
const markdownLoaders = import.meta.glob<string>('../../../docs/statecharts/*.md', {
  query: '?raw',
  import: 'default',
});

export function loadDiagramSvg(machine: MachineDiagram): Promise<string> {
  const load = svgLoaders[`../../../docs/statecharts/${machine.file}`];
  return load ? load() : Promise.reject(new Error(`No diagram file ${machine.file}`));
}

export function loadDiagramMarkdown(machine: MachineDiagram): Promise<string> {
  const load = markdownLoaders[`../../../docs/statecharts/${machine.name}.md`];
  return load ? load() : Promise.reject(new Error(`No text for ${machine.name}`));
}
