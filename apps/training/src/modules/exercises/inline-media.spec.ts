import {
  convertInlineMarkers,
  hasInlineMarker,
  inlineMediaSpan,
  referencedMediaIds,
} from './inline-media';
import { sanitizeRichText } from './rich-text.sanitizer';

const LINK = '11111111-1111-4111-8111-111111111111';
const ASSET = '22222222-2222-4222-8222-222222222222';
const resolve = (ref: string): string | null => (ref === LINK || ref === ASSET ? LINK : null);

describe('inline media markers', () => {
  it('turns a bare marker into the canonical span with size medium and an empty caption', () => {
    const { text, problems } = convertInlineMarkers(
      `<p>A {{exerciseMedia:${LINK}}} B</p>`,
      resolve,
    );
    expect(problems).toEqual([]);
    expect(text).toBe(`<p>A ${inlineMediaSpan(LINK, 'medium', '')} B</p>`);
  });

  it('reads size and caption, maps an asset id to its link and escapes the caption', () => {
    const { text, problems } = convertInlineMarkers(
      `{{exerciseMedia:${ASSET}|size=full|caption=Start "A" <b>}}`,
      resolve,
    );
    expect(problems).toEqual([]);
    expect(text).toContain(`data-service-exercise-media="${LINK}"`);
    expect(text).toContain('data-service-exercise-media-size="full"');
    expect(text).toContain('data-service-exercise-media-caption="Start &quot;A&quot; &lt;b&gt;"');
  });

  it('reports media that are not linked to the exercise and unknown options', () => {
    const foreign = '33333333-3333-4333-8333-333333333333';
    const { problems } = convertInlineMarkers(
      `{{exerciseMedia:${foreign}}} {{exerciseMedia:${LINK}|size=huge}}`,
      resolve,
    );
    expect(problems.map((p) => p.ref)).toEqual([foreign, LINK]);
  });

  it('keeps the span through the sanitizer and finds its reference', () => {
    const { text } = convertInlineMarkers(`<p>{{exerciseMedia:${LINK}|caption=x}}</p>`, resolve);
    const clean = sanitizeRichText(text);
    expect(clean).toContain(`data-service-exercise-media="${LINK}"`);
    expect(clean).toContain('data-service-exercise-media-size="medium"');
    expect(clean).toContain('data-service-exercise-media-caption="x"');
    expect(referencedMediaIds(clean)).toEqual([LINK]);
    expect(hasInlineMarker(clean)).toBe(false);
    expect(hasInlineMarker('{{ exerciseMedia:abc }}')).toBe(true);
  });
});
