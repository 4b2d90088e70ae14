import { sanitizeRichText } from '../exercises/rich-text.sanitizer';

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Removes templates `{{...}}` (nested ones from the inside out), comments, refs and media/category links. */
function strip(text: string): string {
  let out = text.replace(/<!--[\s\S]*?-->/g, '');
  out = out.replace(/<ref[^>]*\/>/gi, '').replace(/<ref[^>]*>[\s\S]*?<\/ref>/gi, '');
  for (let i = 0; i < 10 && /\{\{[^{}]*\}\}/.test(out); i++)
    out = out.replace(/\{\{[^{}]*\}\}/g, '');
  out = out.replace(/\[\[(?:Category|Kategorie|File|Datei|Image|Bild):[^\]]*\]\]/gi, '');
  return out;
}

/** Bold, italic, internal links (their label) and external links of one escaped line. */
function inline(line: string): string {
  return line
    .replace(/'''''(.+?)'''''/g, '<strong><em>$1</em></strong>')
    .replace(/'''(.+?)'''/g, '<strong>$1</strong>')
    .replace(/''(.+?)''/g, '<em>$1</em>')
    .replace(/\[\[([^\]|]+)\|([^\]]+)\]\]/g, '$2')
    .replace(/\[\[([^\]]+)\]\]/g, '$1')
    .replace(/\[(https?:\/\/[^\s\]]+)\s+([^\]]+)\]/g, '<a href="$1">$2</a>')
    .replace(/\[(https?:\/\/[^\s\]]+)\]/g, '<a href="$1">$1</a>');
}

/**
 * Converts MediaWiki wikitext to the service's rich text: headings (== → h2, === → h3, deeper
 * → h4), bold and italic, bullet and numbered lists (nested by depth), internal links as their
 * label, external http(s) links, paragraphs. Templates, references, comments, files and
 * categories are dropped. The result goes through the rich-text sanitizer like every write.
 */
export function wikitextToRichText(wikitext: string): string {
  const lines = escapeHtml(strip(wikitext)).split(/\r?\n/);
  const html: string[] = [];
  let paragraph: string[] = [];
  const lists: ('ul' | 'ol')[] = [];
  const flushParagraph = (): void => {
    if (paragraph.length) html.push(`<p>${paragraph.join(' ')}</p>`);
    paragraph = [];
  };
  const closeLists = (depth: number): void => {
    while (lists.length > depth) html.push(`</li></${lists.pop()}>`);
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    const heading = /^(={1,6})\s*(.+?)\s*\1$/.exec(line);
    const list = /^([*#]+)\s*(.*)$/.exec(line);
    if (heading) {
      flushParagraph();
      closeLists(0);
      const level = Math.min(Math.max(heading[1].length, 2), 4);
      html.push(`<h${level}>${inline(heading[2])}</h${level}>`);
    } else if (list) {
      flushParagraph();
      const marks = list[1];
      const depth = marks.length;
      if (lists.length > depth) closeLists(depth);
      if (lists.length === depth && depth > 0) {
        const want = marks[depth - 1] === '#' ? 'ol' : 'ul';
        if (lists[depth - 1] !== want) {
          closeLists(depth - 1);
        } else {
          html.push('</li>');
        }
      }
      while (lists.length < depth) {
        const type = marks[lists.length] === '#' ? 'ol' : 'ul';
        lists.push(type);
        html.push(`<${type}>`);
      }
      html.push(`<li>${inline(list[2])}`);
    } else if (line.trim() === '') {
      flushParagraph();
      closeLists(0);
    } else {
      closeLists(0);
      paragraph.push(inline(line.trim()));
    }
  }
  flushParagraph();
  closeLists(0);
  return sanitizeRichText(html.join(''));
}
