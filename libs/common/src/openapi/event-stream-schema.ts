/** One kind of event of a Server-Sent Events response. */
export interface StreamEventSchema {
  /** The schema of its `data` line, parsed as JSON. */
  data: object;
  /** Whether each such event carries an `id:` line (one to resume after with Last-Event-ID). */
  id?: { description: string };
}

/**
 * The schema of a text/event-stream response: a string whose content, read as text/event-stream,
 * is a list of events `{ event, id?, data }` with each `data` line parsed as JSON, one member
 * per event name. OpenAPI 3.1 has no `itemSchema` (3.2 does): `contentSchema` carries the events,
 * and the contract validator checks streams against it.
 */
export function eventStreamSchema(events: Record<string, StreamEventSchema>): object {
  return {
    type: 'string',
    contentMediaType: 'text/event-stream',
    contentSchema: {
      type: 'array',
      items: {
        oneOf: Object.entries(events).map(([name, { data, id }]) => ({
          type: 'object',
          required: id ? ['event', 'id', 'data'] : ['event', 'data'],
          properties: {
            event: { const: name },
            ...(id ? { id: { type: 'string', ...id } } : {}),
            data,
          },
        })),
      },
    },
  };
}
