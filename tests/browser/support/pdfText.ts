/**
 * A small reader of the PDFs Chromium prints (`page.pdf`): the page count and each page's text. Enough
 * for Skia's output (Type0 fonts with Identity-H encoding and a ToUnicode map, Flate streams, Tj/TJ),
 * not a general PDF parser. Text runs are joined without spaces.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const body = m[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      found.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const start = body.indexOf('\n', at) + 1;
    const dict = body.slice(0, at);
    // The stream's own byte count when the dictionary gives it directly (Skia does): the bytes before `endstream`
    // end with an end-of-line that is not data, and compressed data may itself end with a CR or LF byte, which
    // stripping the end-of-line by pattern cut off (a truncated Flate stream: "unexpected end of file").
    const length = /\/Length\s+(\d+)(\s+\d+\s+R)?/.exec(dict);
    const raw =
      length && !length[2]
        ? Buffer.from(body.slice(start, start + Number(length[1])), 'latin1')
        : Buffer.from(body.slice(start, body.lastIndexOf('endstream')).replace(/\r?\n$/, ''), 'latin1');
    found.set(Number(m[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
  }
  return found;
}

/** Glyph code (4 hex digits) -> text, from a ToUnicode CMap. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const hexText = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, uni] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(code!.toUpperCase(), hexText(uni!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, uni] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = parseInt(from!, 16);
      const base = parseInt(uni!, 16);
      for (let code = first; code <= parseInt(to!, 16); code++)
        map.set(code.toString(16).toUpperCase().padStart(4, '0'), String.fromCharCode(base + code - first));
    }
  }
  return map;
}

/** The text of each page, in page order. */
export function pdfPageTexts(pdf: Buffer): string[] {
  const objs = objects(pdf);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict)?.[1]);
  const pages = [...objs.entries()]
    .filter(([, o]) => /\/Type\s*\/Page(?![a-zA-Z])/.test(o.dict))
    .sort(([a], [b]) => a - b);
  return pages.map(([, page]) => {
    const fonts = new Map<string, Map<string, string>>();
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(page.dict)?.[1] ?? '';
    for (const [, name, num] of fontDict.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const cmap = objs.get(ref(objs.get(Number(num))?.dict ?? '', 'ToUnicode'))?.stream;
      fonts.set(name!, cmap ? toUnicode(cmap.toString('latin1')) : new Map());
    }
    const contents = objs.get(ref(page.dict, 'Contents'))?.stream?.toString('latin1') ?? '';
    let font = new Map<string, string>();
    let text = '';
    for (const [, name, hexRun, array] of contents.matchAll(
      /\/(\w+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|\[([^\]]*)\]\s*TJ/g,
    )) {
      if (name) font = fonts.get(name) ?? new Map();
      const runs =
        hexRun !== undefined
          ? [hexRun]
          : array !== undefined
            ? [...array.matchAll(/<([0-9A-Fa-f]*)>/g)].map((m) => m[1]!)
            : [];
      for (const run of runs)
        text += (run.match(/.{4}/g) ?? []).map((code) => font.get(code.toUpperCase()) ?? '').join('');
    }
    return text;
  });
}
