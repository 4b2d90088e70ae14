// A small parser of the text/event-stream format (Server-Sent Events, WHATWG HTML §9.2):
// chunks of text in, complete events out. EventSource cannot send the Bearer token, so the
// stream is read with fetch and this parser.

export interface SseEvent {
  /** The last `id:` seen so far (it carries over to later events, as in EventSource). */
  id: string | null;
  event: string;
  data: string;
}

export class SseParser {
  private buffer = '';
  private lastId: string | null = null;
  private name = '';
  private data: string[] = [];

  /** Feeds a chunk; answers the events it completed. */
  feed(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    // The last piece has no line end yet (a lone \r at the end may be half of \r\n: keep it).
    this.buffer = lines.pop() ?? '';
    const events: SseEvent[] = [];
    for (const line of lines) {
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') {
      const done = this.data.length
        ? { id: this.lastId, event: this.name || 'message', data: this.data.join('\n') }
        : null;
      this.name = '';
      this.data = [];
      return done;
    }
    if (line.startsWith(':')) return null; // a comment (keep-alive)
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.name = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    return null;
  }
}
