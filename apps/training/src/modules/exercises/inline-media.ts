/**
 * Inline media in rich text. Authors write a marker
 *
 *   {{exerciseMedia:<media_id>}}
 *   {{exerciseMedia:<media_id>|size=full|caption=Start position}}
 *
 * where <media_id> is the id of an exercise media link (or of the linked asset) of the same
 * exercise; `size` is small, medium (default) or full; `caption` runs to the next `|` or `}}`
 * (so it cannot contain those). On save each marker becomes the canonical span
 *
 *   <span data-service-exercise-media="<link id>" data-service-exercise-media-size="medium"
 *         data-service-exercise-media-caption="..."></span>
 */
export const INLINE_MEDIA_SIZES = ['small', 'medium', 'full'] as const;
export type InlineMediaSize = (typeof INLINE_MEDIA_SIZES)[number];

const MARKER = /\{\{\s*exerciseMedia\s*:\s*([^|}\s]*)\s*((?:\|[^|}]*)*)\}\}/gi;
const SPAN_REF = /data-service-exercise-media(?:-id)?\s*=\s*"([^"]*)"/gi;

export interface MarkerProblem {
  ref: string;
  message: string;
}

const escapeAttr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The canonical span of one inline medium. */
export function inlineMediaSpan(linkId: string, size: InlineMediaSize, caption: string): string {
  return (
    `<span data-service-exercise-media="${escapeAttr(linkId)}" ` +
    `data-service-exercise-media-size="${size}" ` +
    `data-service-exercise-media-caption="${escapeAttr(caption)}"></span>`
  );
}

/**
 * Replaces every marker of `text` by its span. `resolve` maps a marker id to the link id of
 * this exercise (null when the medium is not linked to it); unresolvable ids and bad options
 * are collected in `problems` (the caller refuses the save).
 */
export function convertInlineMarkers(
  text: string,
  resolve: (ref: string) => string | null,
): { text: string; problems: MarkerProblem[] } {
  const problems: MarkerProblem[] = [];
  const out = text.replace(MARKER, (_all, rawRef: string, rawOptions: string) => {
    const ref = rawRef.trim();
    const linkId = ref ? resolve(ref) : null;
    if (!linkId) {
      problems.push({ ref, message: 'is not media of this exercise' });
      return '';
    }
    let size: InlineMediaSize = 'medium';
    let caption = '';
    for (const option of rawOptions.split('|').slice(1)) {
      const eq = option.indexOf('=');
      const key = (eq < 0 ? option : option.slice(0, eq)).trim().toLowerCase();
      const value = eq < 0 ? '' : option.slice(eq + 1).trim();
      if (key === 'size' && (INLINE_MEDIA_SIZES as readonly string[]).includes(value)) {
        size = value as InlineMediaSize;
      } else if (key === 'caption') {
        caption = value.slice(0, 500);
      } else {
        problems.push({
          ref,
          message: `unknown option "${option.trim()}" (size=small|medium|full, caption=...)`,
        });
      }
    }
    return inlineMediaSpan(linkId, size, caption);
  });
  return { text: out, problems };
}

/** Whether the text still contains an inline media marker. */
export function hasInlineMarker(text: string | null | undefined): boolean {
  return !!text && new RegExp(MARKER.source, 'i').test(text);
}

/** The media ids the canonical spans of `text` refer to. */
export function referencedMediaIds(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...text.matchAll(SPAN_REF)].map((m) => m[1]);
}
