import { renderFeed, wallClock } from './ical-feed.renderer';

const unit = {
  id: '6c1d3b0e-2f4a-4c8e-9b7a-1d2e3f4a5b6c',
  title: 'Technik',
  starts_at: new Date('2026-03-29T00:30:00Z'),
  duration_minutes: 60,
  location: null,
  status: 'scheduled' as const,
  sequence: 4,
  created_at: new Date('2026-01-01T10:00:00Z'),
  updated_at: new Date('2026-01-02T10:00:00Z'),
  club_name: 'TSV',
  time_zone: 'Europe/Berlin',
  group_name: null,
  lead_name: null,
};
/** RFC 5545 §3.1: long lines are folded with CRLF + space. */
const unfold = (text: string) => text.replace(/\r\n /g, '');
const options = { name: 'Feed', unitUrlTemplate: 'https://app.example/units/{id}' };

describe('iCalendar rendering', () => {
  it('turns instants into wall-clock times on both sides of a daylight saving change', () => {
    // Berlin switches from UTC+1 to UTC+2 at 01:00 UTC on 2026-03-29.
    expect(wallClock(new Date('2026-03-29T00:59:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:59:00.000Z',
    );
    expect(wallClock(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T03:00:00.000Z',
    );
  });

  it('writes an event that spans the change with TZID, its VTIMEZONE, SEQUENCE and DTSTAMP in UTC', () => {
    const text = unfold(renderFeed([unit], options));
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n');
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20260329T013000\r\n');
    expect(text).toContain('DTEND;TZID=Europe/Berlin:20260329T033000\r\n');
    expect(text).toContain('SEQUENCE:4\r\n');
    expect(text).toContain('DTSTAMP:20260102T100000Z\r\n');
    expect(text).toContain('STATUS:CONFIRMED\r\n');
    expect(text).toContain(`URL;VALUE=URI:https://app.example/units/${unit.id}\r\n`);
  });

  it('writes UTC times without a VTIMEZONE for clubs in UTC, and renders equal data identically', () => {
    const text = unfold(renderFeed([{ ...unit, time_zone: 'UTC', status: 'cancelled' }], options));
    expect(text).not.toContain('VTIMEZONE');
    expect(text).toContain('DTSTART:20260329T003000Z\r\n');
    expect(text).toContain('STATUS:CANCELLED\r\n');
    expect(renderFeed([unit], options)).toBe(renderFeed([unit], options));
  });
});
