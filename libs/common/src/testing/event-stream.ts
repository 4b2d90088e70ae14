/** One Server-Sent Event as its block says it: the fields it names, `data` lines joined. */
export interface StreamEvent {
  event: string;
  /** The block's own `id:` line, if it has one. */
  id?: string;
  data: string;
}

/**
 * The events of a complete text/event-stream body (WHATWG HTML §9.2 line rules: comments and
 * blocks without data skipped, one space after the colon dropped, `event` defaults to message).
 */
export function parseEventStream(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const block of text.split(/\r\n\r\n|\n\n|\r\r/)) {
    const fields: Record<string, string[]> = {};
    for (const line of block.split(/\r\n|\r|\n/)) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      (fields[name] ??= []).push(value);
    }
    if (!fields.data) continue;
    events.push({
      event: fields.event?.at(-1) ?? 'message',
      ...(fields.id ? { id: fields.id.at(-1) } : {}),
      data: fields.data.join('\n'),
    });
  }
  return events;
}
