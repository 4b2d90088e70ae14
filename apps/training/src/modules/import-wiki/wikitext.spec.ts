import { wikitextToRichText } from './wikitext';

describe('wikitextToRichText', () => {
  it('converts headings, bold, italic, lists and links', () => {
    const html = wikitextToRichText(
      [
        '== Ablauf ==',
        "Die '''Gruppe''' läuft ''locker'' ein.",
        '* erster Punkt',
        '** Unterpunkt',
        '* zweiter [[Seite|Punkt]]',
        '# eins',
        '# zwei',
        '=== Tipps ===',
        'Siehe [https://example.org Beispiel].',
      ].join('\n'),
    );
    expect(html).toBe(
      '<h2>Ablauf</h2><p>Die <strong>Gruppe</strong> läuft <em>locker</em> ein.</p>' +
        '<ul><li>erster Punkt<ul><li>Unterpunkt</li></ul></li><li>zweiter Punkt</li></ul>' +
        '<ol><li>eins</li><li>zwei</li></ol>' +
        '<h3>Tipps</h3><p>Siehe <a href="https://example.org">Beispiel</a>.</p>',
    );
  });

  it('drops templates, refs, categories and never lets markup or javascript links through', () => {
    const html = wikitextToRichText(
      '{{Infobox|a={{b}}}}Text<ref>Quelle</ref> <script>alert(1)</script> [javascript:alert(1) x] [[Kategorie:Übungen]]',
    );
    expect(html).not.toMatch(/script>|Infobox|Quelle|Kategorie|href="javascript/);
    expect(html).toContain('&lt;script&gt;');
  });
});
