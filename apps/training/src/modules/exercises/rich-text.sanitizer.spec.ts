import { sanitizeRichText } from './rich-text.sanitizer';
import { XSS_PAYLOADS } from './xss-payloads.testdata';

/** What must never survive: script elements, event handlers, script URLs, active elements. */
function assertHarmless(out: string): void {
  const lower = out.toLowerCase();
  expect(lower).not.toMatch(/<script/);
  expect(lower).not.toMatch(
    /<(iframe|object|embed|svg|math|style|meta|link|base|form|input|body)\b/,
  );
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/(javascript|vbscript|data):/);
  expect(lower).not.toMatch(/style\s*=/);
  expect(lower).not.toMatch(/(href|src)\s*=\s*"\/\//);
}

describe('rich text sanitizer', () => {
  it(`has at least 20 OWASP payloads (${XSS_PAYLOADS.length})`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(XSS_PAYLOADS.map((p) => [p]))('neutralises %s', (payload) => {
    assertHarmless(sanitizeRichText(payload));
  });

  it('keeps allowed formatting, lists, safe links and the inline media span', () => {
    const html =
      '<h2>Ablauf</h2><p><strong>Fett</strong> und <em>kursiv</em></p><ul><li>Eins</li></ul>' +
      '<a href="https://example.org/x" target="_blank">Link</a>' +
      '<span data-service-exercise-media-id="m1" data-service-exercise-media-size="small" data-service-exercise-media-caption="Bild">x</span>' +
      '<p>{{exerciseMedia:00000000-0000-4000-8000-000000000000}}</p>';
    const out = sanitizeRichText(html);
    expect(out).toContain('<h2>Ablauf</h2>');
    expect(out).toContain('<strong>Fett</strong>');
    expect(out).toContain('<ul><li>Eins</li></ul>');
    expect(out).toContain('href="https://example.org/x"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('data-service-exercise-media-size="small"');
    expect(out).toContain('{{exerciseMedia:00000000-0000-4000-8000-000000000000}}');
  });

  it('passes null through and drops script text entirely', () => {
    expect(sanitizeRichText(null)).toBeNull();
    expect(sanitizeRichText('<p>a</p><script>evil()</script>')).toBe('<p>a</p>');
  });
});
