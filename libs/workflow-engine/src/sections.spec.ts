import { parseAnswerSections, parseSignalLines } from './sections';

describe('parseAnswerSections', () => {
  it('reads the three sections of a well-formed answer', () => {
    const parsed = parseAnswerSections(
      [
        '## Analysekern',
        'Das Gewicht ist stabil.',
        '',
        'Der Trend zeigt leicht nach unten.',
        '',
        '## Entscheidungsanteil',
        '- risk: high',
        '- weight_trend: falling',
        '',
        '## Begründungsanker',
        '- Gewicht 7 Tage: 80,1 → 79,5 kg',
      ].join('\n'),
    );
    expect(parsed.analysis_core).toBe(
      'Das Gewicht ist stabil.\n\nDer Trend zeigt leicht nach unten.',
    );
    expect(parsed.decision_signals).toEqual({ risk: 'high', weight_trend: 'falling' });
    expect(parsed.rationale_anchors).toBe('- Gewicht 7 Tage: 80,1 → 79,5 kg');
    expect(parsed.sections_found).toEqual([
      'Analysekern',
      'Entscheidungsanteil',
      'Begründungsanker',
    ]);
  });

  it('accepts other heading levels, bold headings, numbering, colons and any case', () => {
    const parsed = parseAnswerSections(
      [
        '# 1. ANALYSEKERN',
        'Kern A.',
        '**Entscheidungsanteil:**',
        '* **Risk**: Hoch',
        '1. Sleep Quality = gut',
        '`mood`: **ok**',
        '### begruendungsanker',
        'Anker.',
      ].join('\n'),
    );
    expect(parsed.analysis_core).toBe('Kern A.');
    expect(parsed.decision_signals).toEqual({ risk: 'Hoch', sleep_quality: 'gut', mood: 'ok' });
    expect(parsed.rationale_anchors).toBe('Anker.');
  });

  it('takes text after a colon on the heading line as the start of the section', () => {
    const parsed = parseAnswerSections(
      '**Analysekern:** Alles im grünen Bereich.\nEntscheidungsanteil:\nrisk: low',
    );
    expect(parsed.analysis_core).toBe('Alles im grünen Bereich.');
    expect(parsed.decision_signals).toEqual({ risk: 'low' });
  });

  it('does not mistake prose that starts with a section name for a heading', () => {
    const parsed = parseAnswerSections('## Analysekern\nAnalysekern dieser Woche ist Schlaf.');
    expect(parsed.analysis_core).toBe('Analysekern dieser Woche ist Schlaf.');
  });

  it('uses the whole answer as analysis core when no section is present', () => {
    const parsed = parseAnswerSections('  Nur Fließtext, risk: high  ');
    expect(parsed.analysis_core).toBe('Nur Fließtext, risk: high');
    expect(parsed.decision_signals).toEqual({});
    expect(parsed.sections_found).toEqual([]);
  });

  it('handles Windows line endings', () => {
    const parsed = parseAnswerSections(
      '## Analysekern\r\nKern\r\n## Entscheidungsanteil\r\nrisk: low\r\n',
    );
    expect(parsed.analysis_core).toBe('Kern');
    expect(parsed.decision_signals).toEqual({ risk: 'low' });
  });
});

describe('parseSignalLines', () => {
  it('keeps the first value of a repeated key and ignores lines without key: value', () => {
    expect(
      parseSignalLines(['risk: low', 'Ein Satz ohne Doppelpunkt', 'risk: high', 'empty:']),
    ).toEqual({
      risk: 'low',
    });
  });
});
