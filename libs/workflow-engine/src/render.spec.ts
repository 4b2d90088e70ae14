import { buildTemplateContext, checkEndTemplate, renderEndOutput } from './render';
import type { EndNode, NodeExecutionState, NodeKind, NodeState, UndecidedCondition } from './types';

function state(
  node_id: string,
  kind: NodeKind,
  status: NodeState,
  extra: Partial<NodeExecutionState> = {},
): NodeExecutionState {
  return {
    node_id,
    kind,
    label: null,
    state: status,
    started_at: null,
    ended_at: null,
    duration_ms: null,
    attempts: 0,
    tokens_in: null,
    tokens_out: null,
    cost: null,
    template_mode: null,
    prompt_sent: null,
    answer: null,
    analysis_core: null,
    decision_signals: null,
    condition_result: null,
    branch_taken: null,
    join: null,
    skip_reason: null,
    error: null,
    ...extra,
  };
}

const states: NodeExecutionState[] = [
  state('weight', 'analysis', 'COMPLETED', {
    label: 'Gewicht',
    analysis_core: 'Gewicht stabil.',
    decision_signals: {
      risk: { raw: 'hoch', value: 'high', status: 'normalized' },
      kg: { raw: '80,5 kg', value: 80.5, status: 'normalized' },
      sleep: { raw: 'unklar', value: null, status: 'unclear' },
    },
  }),
  state('gate', 'logic', 'COMPLETED', { condition_result: 'true', branch_taken: 'then' }),
  state('sleep', 'analysis', 'SKIPPED', { skip_reason: 'upstream_not_taken' }),
  state('broken', 'analysis', 'FAILED', { error: { code: 'NODE_TIMEOUT', message: 'timeout' } }),
  state('nutrition', 'analysis', 'COMPLETED', { analysis_core: '  Zu wenig Protein.  ' }),
  state('end', 'end', 'RUNNING'),
];

const autoEnd: EndNode = { id: 'end', kind: 'end', output_mode: 'AUTO' };
const templateEnd = (template: string): EndNode => ({
  id: 'end',
  kind: 'end',
  output_mode: 'TEMPLATE',
  template,
});

describe('renderEndOutput in AUTO mode', () => {
  it('concatenates the completed analyses in the given order under their headings', async () => {
    await expect(renderEndOutput(autoEnd, states)).resolves.toBe(
      '## Gewicht\n\nGewicht stabil.\n\n## nutrition\n\nZu wenig Protein.',
    );
  });

  it('is the default when no output mode is set', async () => {
    const output = await renderEndOutput({ id: 'end', kind: 'end' }, states);
    expect(output).toContain('## Gewicht');
  });
});

describe('renderEndOutput in TEMPLATE mode', () => {
  it('fills analysis_core and decision_signals placeholders', async () => {
    const output = await renderEndOutput(
      templateEnd(
        '# Bericht\n{{ weight.analysis_core }}\nRisiko: {{weight.decision_signals.risk}}, {{ weight.decision_signals.kg }} kg',
      ),
      states,
    );
    expect(output).toBe('# Bericht\nGewicht stabil.\nRisiko: high, 80.5 kg');
  });

  it('renders the placeholder of a skipped or failed node empty', async () => {
    const output = await renderEndOutput(
      templateEnd(
        'A[{{ sleep.analysis_core }}]B[{{ broken.analysis_core }}]C[{{ sleep.decision_signals.x }}]',
      ),
      states,
    );
    expect(output).toBe('A[]B[]C[]');
  });

  it('renders an if-block only when its node completed', async () => {
    const output = await renderEndOutput(
      templateEnd(
        '{% if weight %}W:{{ weight.analysis_core }}{% endif %}|{% if sleep %}S:{{ sleep.analysis_core }}{% endif %}|{% if broken %}B{% else %}kein B{% endif %}',
      ),
      states,
    );
    expect(output).toBe('W:Gewicht stabil.||kein B');
  });

  it('shows the raw answer of an unclear signal and lets templates test logic results', async () => {
    const output = await renderEndOutput(
      templateEnd(
        '{{ weight.decision_signals.sleep }}/{% if gate.condition_result == "true" %}ja{% endif %}',
      ),
      states,
    );
    expect(output).toBe('unklar/ja');
  });

  it('does not HTML-escape Markdown output', async () => {
    const output = await renderEndOutput(templateEnd('{{ x.analysis_core }}'), [
      state('x', 'analysis', 'COMPLETED', { analysis_core: '**fett** & <b>' }),
    ]);
    expect(output).toBe('**fett** & <b>');
  });

  it('does not expose prototype properties of the context', async () => {
    const output = await renderEndOutput(
      templateEnd(
        '[{{ weight.constructor }}][{{ weight.analysis_core.constructor }}][{{ weight.__proto__ }}]',
      ),
      states,
    );
    expect(output).toBe('[][][]');
  });

  it('refuses templates that include files', async () => {
    await expect(
      renderEndOutput(templateEnd('{% include "/etc/passwd" %}'), states),
    ).rejects.toThrow(/include/);
    await expect(renderEndOutput(templateEnd('{% render "secrets" %}'), states)).rejects.toThrow();
    await expect(renderEndOutput(templateEnd('{% layout "x" %}'), states)).rejects.toThrow();
  });

  it('refuses unknown filters', async () => {
    await expect(
      renderEndOutput(templateEnd('{{ weight.analysis_core | shell }}'), states),
    ).rejects.toThrow(/shell/);
  });

  it('still allows the built-in filters', async () => {
    const output = await renderEndOutput(
      templateEnd('{{ weight.analysis_core | upcase }}'),
      states,
    );
    expect(output).toBe('GEWICHT STABIL.');
  });
});

describe('undecided conditions', () => {
  const undecided: UndecidedCondition[] = [
    {
      node_id: 'gate2',
      label: 'Schlafcheck',
      condition: 'sleep.quality EQ "good"',
      fallback_strategy: 'DOCUMENT_ONLY',
      signals: [{ signal: 'sleep.quality', reason: 'unclear' }],
    },
    {
      node_id: 'gate3',
      label: null,
      condition: 'x.y EQ 1',
      fallback_strategy: 'CONSERVATIVE_SKIP',
      signals: [{ signal: 'x.y', reason: 'missing' }],
    },
  ];

  it.each([autoEnd, templateEnd('Kurz.')])(
    'appends DOCUMENT_ONLY conditions to the output',
    async (end) => {
      const output = await renderEndOutput(end, states, undecided);
      expect(output).toMatch(
        /\n\n## Nicht entschiedene Bedingungen\n\n- Schlafcheck: `sleep\.quality EQ "good"` \(sleep\.quality: unclear\)$/,
      );
      expect(output).not.toContain('gate3');
    },
  );
});

describe('buildTemplateContext', () => {
  it('contains only completed nodes', () => {
    expect(Object.keys(buildTemplateContext(states))).toEqual(['weight', 'gate', 'nutrition']);
  });
});

describe('checkEndTemplate', () => {
  it('lists the node ids a template reads', () => {
    expect(
      checkEndTemplate('{{ a1.analysis_core }}{% if b2 %}{{ b2.decision_signals.x }}{% endif %}'),
    ).toEqual({
      error: null,
      referenced: ['a1', 'b2'],
    });
  });

  it('reports a syntax error', () => {
    expect(checkEndTemplate('{% if a1 %}unclosed').error).toMatch(/not closed|endif/i);
  });
});
