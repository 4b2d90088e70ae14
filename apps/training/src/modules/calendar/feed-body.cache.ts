/**
 * Rendered feeds by feed id and ETag, at most `maxBytes` of text, the least recently used
 * dropped first. Rendering costs a millisecond or more per event (ical-generator folds lines
 * character by character), and many calendar clients poll without If-None-Match; an entry is
 * used only while its ETag is the feed's current one, so a stale body is never served.
 */
export class FeedBodyCache {
  private readonly entries = new Map<string, { etag: string; body: string }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(feedId: string, etag: string): string | null {
    const entry = this.entries.get(feedId);
    if (!entry || entry.etag !== etag) return null;
    this.entries.delete(feedId);
    this.entries.set(feedId, entry);
    return entry.body;
  }

  set(feedId: string, etag: string, body: string): void {
    this.drop(feedId);
    const size = Buffer.byteLength(body);
    if (size > this.maxBytes) return;
    while (this.bytes + size > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(feedId, { etag, body });
    this.bytes += size;
  }

  private drop(feedId: string): void {
    const entry = this.entries.get(feedId);
    if (!entry) return;
    this.bytes -= Buffer.byteLength(entry.body);
    this.entries.delete(feedId);
  }
}
