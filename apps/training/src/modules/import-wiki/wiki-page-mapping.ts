import type { WikiPage } from './wiki-client';
import { wikitextToRichText } from './wikitext';

/** How a wiki page becomes an exercise: the title, and the wikitext as sanitized rich text. */
export function mapPage(page: WikiPage): { title: string; description: string } {
  const title = page.title.replace(/\s+/g, ' ').trim().slice(0, 300) || `Wiki page ${page.page_id}`;
  return { title, description: wikitextToRichText(page.content) };
}
