import { FieldError, ValidationFailedError } from '@sports/common';
import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for rich-text fields (exercise texts, variants, methods). Formatting, lists,
 * headings, links (http, https, mailto), images over http(s) and the canonical inline-media
 * span survive; scripts, styles, frames, forms, event handlers and `javascript:` / `data:`
 * URLs never do.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'a',
    'img',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: [
      'data-service-exercise-media',
      'data-service-exercise-media-id',
      'data-service-exercise-media-size',
      'data-service-exercise-media-caption',
    ],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text of these is dropped with the tag (not kept as plain text).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'xmp'],
  transformTags: {
    // Images only from absolute http(s) URLs (no relative or odd-quoted sources).
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src && /^https?:\/\//i.test(src) ? { src, ...rest } : rest };
    },
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : { ...attribs },
    }),
  },
};

/** Sanitizes one rich-text value on write; null and undefined pass through unchanged. */
export function sanitizeRichText(value: string): string;
export function sanitizeRichText(value: string | null): string | null;
export function sanitizeRichText(value: string | null | undefined): string | null | undefined;
export function sanitizeRichText(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value;
  return sanitizeHtml(value, OPTIONS).trim();
}

/**
 * Sanitizes the rich-text fields named in `limits` (absent ones stay absent) and checks each
 * result against its column's limit: sanitizing escapes `&`, `<` and `>`, so a value within
 * the request's limit may grow past it, which answers 400 VALIDATION_FAILED.
 */
export function sanitizeRichFields<K extends string>(
  values: Partial<Record<NoInfer<K>, string | null | undefined>>,
  limits: Readonly<Record<K, number>>,
): Partial<Record<K, string | null | undefined>> {
  const out: Partial<Record<K, string | null | undefined>> = {};
  const errors: FieldError[] = [];
  for (const field of Object.keys(limits) as K[]) {
    const clean = sanitizeRichText(values[field]);
    if (typeof clean === 'string' && clean.length > limits[field]) {
      errors.push({
        path: field,
        message: `must be at most ${limits[field]} characters once sanitized (markup is escaped)`,
      });
    }
    out[field] = clean;
  }
  if (errors.length) throw new ValidationFailedError('A text is too long once sanitized.', errors);
  return out;
}
