import {
  assertRange,
  bodyMassIndex,
  daysBetween,
  difference,
  formatBloodPressure,
  MAX_SERIES_DAYS,
  roundTo,
  shiftDate,
  toNumber,
  utcToday,
} from './series-values';
import { PLACEHOLDER_CATALOG } from './data-layer.service';

describe('series values', () => {
  it('shifts dates across month, year and leap-day boundaries', () => {
    expect(shiftDate('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDate('2026-03-01', -30)).toBe('2026-01-30');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
  });

  it('answers the UTC day', () => {
    expect(utcToday(new Date('2026-04-01T23:59:59Z'))).toBe('2026-04-01');
  });

  it('accepts a one-day range and refuses inverted, malformed or too long ones', () => {
    expect(() => assertRange('2026-01-01', '2026-01-01')).not.toThrow();
    expect(() => assertRange('2026-01-02', '2026-01-01')).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    expect(() => assertRange('2026-02-30', '2026-03-01')).toThrow(
      expect.objectContaining({ errors: [{ path: 'from', message: 'from must be YYYY-MM-DD' }] }),
    );
    expect(() => assertRange('2000-01-01', shiftDate('2000-01-01', MAX_SERIES_DAYS + 1))).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });

  it('rounds half away from zero and keeps null', () => {
    expect(roundTo(6.875, 1)).toBe(6.9);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(null, 1)).toBeNull();
    expect(roundTo(Number.NaN, 1)).toBeNull();
  });

  it('turns pg numeric strings into numbers', () => {
    expect(toNumber('78.40')).toBe(78.4);
    expect(toNumber(null)).toBeNull();
    expect(toNumber('x')).toBeNull();
  });

  it('formats a blood pressure pair and needs both values', () => {
    expect(formatBloodPressure(128, 82)).toBe('128/82');
    expect(formatBloodPressure(127.6, 81.5)).toBe('128/82');
    expect(formatBloodPressure(128, null)).toBeNull();
  });

  it('subtracts only when both values exist', () => {
    expect(difference(81, 79.5, 2)).toBe(-1.5);
    expect(difference(null, 79.5, 2)).toBeNull();
  });

  it('computes BMI as kg / m² with one decimal', () => {
    expect(bodyMassIndex(79.5, 180)).toBe(24.5);
    expect(bodyMassIndex(null, 180)).toBeNull();
    expect(bodyMassIndex(80, null)).toBeNull();
  });

  it('lists at least 15 distinct placeholder keys, each with a description', () => {
    const keys = PLACEHOLDER_CATALOG.map((p) => p.key);
    expect(keys.length).toBeGreaterThanOrEqual(15);
    expect(new Set(keys).size).toBe(keys.length);
    for (const p of PLACEHOLDER_CATALOG) {
      expect(p.key).toMatch(/^[a-z]+(\.[a-z0-9_]+)+$/);
      expect(p.description.length).toBeGreaterThan(5);
    }
  });
});
