import ical, { ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { FeedUnitRow } from './calendar-feeds.repository';

export interface FeedRenderOptions {
  name: string;
  /** `{id}` stands for the unit id. */
  unitUrlTemplate: string;
}

/** Minutes a client should wait before polling again (REFRESH-INTERVAL, RFC 7986). */
const REFRESH_SECONDS = 15 * 60;

/**
 * The VTIMEZONE of an IANA zone and the TZID it declares (aliases such as US/Eastern resolve to
 * their canonical zone), or null for UTC, whose times are written with `Z`.
 */
function timeZoneBlock(zone: string): { tzid: string; block: string } | null {
  const found = tzlib_get_ical_block(zone);
  if (!Array.isArray(found) || found.length < 2) return null;
  const tzid = found[1].replace(/^TZID=/, '');
  if (tzid === 'Etc/UTC' || tzid === 'UTC') return null;
  return { tzid, block: found[0] };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock time of `instant` in `zone`, as a Date whose UTC fields carry it: with an event
 * `timezone`, ical-generator writes a Date's UTC fields after `TZID=` without `Z` (RFC 5545 §3.3.5
 * form 3, local time with a zone reference).
 */
export function wallClock(instant: Date, zone: string): Date {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(instant)) part[p.type] = Number(p.value);
  return new Date(
    Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second),
  );
}

/**
 * Renders units as an RFC 5545 calendar with ical-generator: one VEVENT per unit with a stable
 * UID (the unit id), the unit's SEQUENCE, DTSTART/DTEND in the club's zone with its VTIMEZONE,
 * STATUS CONFIRMED or CANCELLED, LOCATION and URL. Without METHOD, DTSTAMP is the time the unit
 * was last revised (§3.8.7.2), so equal data renders byte-identical text.
 */
export function renderFeed(units: FeedUnitRow[], options: FeedRenderOptions): string {
  const blocks = new Map<string, string>();
  const calendar = ical({
    name: options.name,
    prodId: { company: 'sports-platform', product: 'training', language: 'EN' },
    ttl: REFRESH_SECONDS,
    timezone: { name: null, generator: (tzid) => blocks.get(tzid) ?? null },
  });
  for (const u of units) {
    const zone = timeZoneBlock(u.time_zone);
    if (zone) blocks.set(zone.tzid, zone.block);
    const startsAt = new Date(u.starts_at);
    const endsAt =
      u.duration_minutes !== null
        ? new Date(startsAt.getTime() + u.duration_minutes * 60_000)
        : null;
    // In UTC clubs times are written as UTC (`Z`); elsewhere as wall-clock time with TZID.
    const local = (d: Date) => (zone ? wallClock(d, zone.tzid) : d);
    const description = [
      u.club_name,
      u.group_name ? `Group: ${u.group_name}` : null,
      u.lead_name ? `Lead: ${u.lead_name}` : null,
    ].filter((line): line is string => line !== null);
    calendar.createEvent({
      id: u.id,
      sequence: u.sequence,
      stamp: new Date(u.updated_at),
      created: new Date(u.created_at),
      lastModified: new Date(u.updated_at),
      start: local(startsAt),
      ...(endsAt ? { end: local(endsAt) } : {}),
      ...(zone ? { timezone: zone.tzid } : {}),
      summary: u.title,
      description: description.join('\n'),
      location: u.location,
      url: options.unitUrlTemplate.replace('{id}', u.id),
      status: u.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
