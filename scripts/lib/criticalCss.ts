/**
 * The part of the app's stylesheet a prerendered page needs for its first paint (scripts/prerender.ts
 * inlines it in <head> and links the whole stylesheet at the end of <body>, where it no longer holds
 * up the first paint). Panda's output is layered: reset, base, tokens (custom properties, light and
 * dark), font faces and recipes/utilities. Everything but the utility and recipe rules is kept as it
 * is; a utility or recipe rule is kept when one of the classes its selector names is used in the page's
 * markup, so conditional rules (hover, breakpoints, dark mode) of a used class come along. Of the
 * tokens, only the custom properties that the kept rules or the markup use (directly or through other
 * tokens) are kept.
 */
import postcss, { type AtRule, type Container, type Rule } from 'postcss';

/** Classes that <html> carries for the colour mode: conditions of other rules, never a reason to keep one. */
const modeClasses = new Set(['dark', 'light']);

const decodeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[name]!);

/** Every class named in a class attribute of `html`. */
export function classesInMarkup(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeHtml(match[1]!).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The class names a selector mentions, unescaped (`.md\:px_6` → `md:px_6`). */
export function classesInSelector(selector: string): string[] {
  const names: string[] = [];
  for (const match of selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}[ \t\n]?|\\[^\n0-9a-fA-F]|[\w-]|[\u0080-\uffff])+)/g)) {
    names.push(
      match[1]!
        .replace(/\\([0-9a-fA-F]{1,6})[ \t\n]?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/\\(.)/g, '$1'),
    );
  }
  return names;
}

function layerOf(node: Rule): string | null {
  for (let parent: Container | undefined = node.parent as Container | undefined; parent; parent = parent.parent as Container | undefined) {
    if (parent.type === 'atrule' && (parent as AtRule).name === 'layer') return (parent as AtRule).params.split('.')[0]!.trim();
  }
  return null;
}

const filteredLayers = new Set(['utilities', 'recipes']);

const varReferences = (text: string) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!);

/** Removes the tokens layer's custom properties that nothing kept refers to. */
function pruneTokens(root: postcss.Root, html: string) {
  const tokenDecls: postcss.Declaration[] = [];
  const needed = new Set<string>(varReferences(html));
  root.walkDecls((decl) => {
    const layer = decl.parent?.type === 'rule' ? layerOf(decl.parent as Rule) : null;
    if (layer === 'tokens' && decl.prop.startsWith('--')) tokenDecls.push(decl);
    else for (const name of varReferences(decl.value)) needed.add(name);
  });
  // Tokens refer to tokens (semantic colours to the palette): follow them to a fixed point.
  const byName = new Map<string, postcss.Declaration[]>();
  for (const decl of tokenDecls) byName.set(decl.prop, [...(byName.get(decl.prop) ?? []), decl]);
  const queue = [...needed];
  while (queue.length) {
    for (const decl of byName.get(queue.pop()!) ?? []) {
      for (const name of varReferences(decl.value)) {
        if (needed.has(name)) continue;
        needed.add(name);
        queue.push(name);
      }
    }
  }
  for (const decl of tokenDecls) if (!needed.has(decl.prop)) decl.remove();
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}

export function criticalCss(css: string, html: string): string {
  const used = classesInMarkup(html);
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const layer = layerOf(rule);
    if (!layer || !filteredLayers.has(layer)) return;
    const kept = rule.selectors.filter((selector) => classesInSelector(selector).some((name) => !modeClasses.has(name) && used.has(name)));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  pruneTokens(root, html);
  // Drop the @media / @layer / @supports blocks left empty.
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
  const text = root.toString();
  // postcss writes "<" in a string as an escape; should a "</style" still appear, inlining would end the element.
  if (/<\/style/i.test(text)) throw new Error('The stylesheet contains "</style": it cannot be inlined');
  return text;
}
