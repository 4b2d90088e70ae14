import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileDateFormat, expandTwoDigitYear, parseTimeOfDay } from './csv-dates';
import { chooseEncoding, mojibakeSample, scanEncoding } from './csv-encoding';
import { chooseDateFormat } from './csv-file-profile';
import {
  columnIndexOfLetter,
  columnLetter,
  detectDelimiter,
  headerFingerprint,
  looksBinary,
  parseNumber,
} from './csv-parsing';
import { headerWords, nameScore } from './csv-proposals';
import { validateTemplate } from './csv-template-validation';
import { headerUnit } from './csv-units';

describe('CSV parsing rules', () => {
  it('parses dates in the mapping format and refuses impossible days', () => {
    const de = compileDateFormat('DD.MM.YYYY')!;
    expect(de.parse('31.01.2026')?.date).toBe('2026-01-31');
    expect(de.parse('31.02.2026')).toBeNull();
    expect(de.parse('2026-01-31')).toBeNull();
    expect(compileDateFormat('YYYY-MM-DD')!.parse('1750-03-01')?.date).toBe('1750-03-01');
    expect(compileDateFormat('M/D/YYYY')!.parse('1/5/2026')?.date).toBe('2026-01-05');
    expect(compileDateFormat('MM/YYYY')).toBeNull();
    expect(compileDateFormat('YYYY-MM-DD foo')).toBeNull();
  });

  it('reads the time after a date, with 12-hour clocks, "Uhr" and offsets', () => {
    const iso = compileDateFormat('YYYY-MM-DD')!;
    expect(iso.parse('2026-01-31 07:30:05')).toEqual({
      date: '2026-01-31',
      time: '07:30:05',
      offset: null,
    });
    expect(iso.parse('2014-02-13 6:04 Uhr')).toMatchObject({ time: '06:04:00' });
    expect(iso.parse('2026-01-31T06:31:00.000Z')).toMatchObject({ time: '06:31:00', offset: 'Z' });
    expect(iso.parse('2026-01-31 07:30+0100')).toMatchObject({ offset: '+01:00' });
    expect(iso.parse('2026-01-31 (Sat)')).toMatchObject({ date: '2026-01-31', time: null });
    expect(iso.parse('2026-01-31 25:00')).toBeNull();
    const us = compileDateFormat('MM/DD/YYYY hh:mm A')!;
    expect(us.parse('01/31/2026 12:15 AM')?.time).toBe('00:15:00');
    expect(us.parse('01/31/2026 7:15 PM')).toBeNull();
    expect(compileDateFormat('MM/DD/YYYY h:mm A')!.parse('01/31/2026 7:15 PM')?.time).toBe(
      '19:15:00',
    );
    expect(parseTimeOfDay('7:31 AM')).toBe('07:31:00');
    expect(parseTimeOfDay('21:40')).toBe('21:40:00');
    expect(parseTimeOfDay('13:00 PM')).toBeNull();
    expect(parseTimeOfDay('Dec 31, 2017')).toBeNull();
  });

  it('reads month names in English and German and two-digit years', () => {
    expect(compileDateFormat('MMM D, YYYY')!.parse(' Dec 31, 2017')?.date).toBe('2017-12-31');
    expect(compileDateFormat('MMM D YYYY')!.parse('Jan 5 2024')?.date).toBe('2024-01-05');
    expect(compileDateFormat('D MMMM YYYY')!.parse('13 März 2025')?.date).toBe('2025-03-13');
    expect(compileDateFormat('D. MMMM YYYY')!.parse('3. Okt. 2025')?.date).toBe('2025-10-03');
    expect(compileDateFormat('D MMMM YYYY')!.parse('13 Mars 2025')).toBeNull();
    const now = new Date('2026-04-17T00:00:00Z');
    expect(expandTwoDigitYear(24, now)).toBe(2024);
    expect(expandTwoDigitYear(26, now)).toBe(2026);
    expect(expandTwoDigitYear(27, now)).toBe(1927);
    expect(compileDateFormat('DD.MM.YY', now)!.parse('15.01.24')?.date).toBe('2024-01-15');
    expect(compileDateFormat('DD.MM.[yy]YY')).not.toBeNull();
  });

  it('flags 01/02 as ambiguous and prefers the day first in files from Europe', () => {
    expect(chooseDateFormat(['DD/MM/YYYY', 'MM/DD/YYYY', 'D/M/YYYY'], true)).toMatchObject({
      format: 'DD/MM/YYYY',
      ambiguous: true,
    });
    expect(chooseDateFormat(['DD/MM/YYYY', 'MM/DD/YYYY'], false).format).toBe('MM/DD/YYYY');
    expect(chooseDateFormat(['MM/DD/YYYY', 'M/D/YYYY'], false)).toMatchObject({
      format: 'MM/DD/YYYY',
      ambiguous: false,
    });
  });

  it('parses numbers with the decimal separator, grouping and a unit after them', () => {
    expect(parseNumber('78,5', ',')).toEqual({ ok: true, value: 78.5, unit: null });
    expect(parseNumber('1.234,5', ',')).toEqual({ ok: true, value: 1234.5, unit: null });
    expect(parseNumber('1,234.5', '.')).toEqual({ ok: true, value: 1234.5, unit: null });
    expect(parseNumber('78.4 kg', '.')).toEqual({ ok: true, value: 78.4, unit: 'kg' });
    expect(parseNumber('173.1 lbs', '.')).toEqual({ ok: true, value: 173.1, unit: 'lb' });
    expect(parseNumber('20%', '.')).toEqual({ ok: true, value: 20, unit: '%' });
    expect(parseNumber('78.5', ',').ok).toBe(false);
    expect(parseNumber('78 stone', '.').ok).toBe(false);
    expect(parseNumber('abc', '.').ok).toBe(false);
  });

  it('reads the unit a header names', () => {
    expect(headerUnit('Weight (lb)')).toBe('lb');
    expect(headerUnit('Weight(kg)')).toBe('kg');
    expect(headerUnit('Gewicht [kg]')).toBe('kg');
    expect(headerUnit('Fat mass (kg)')).toBe('kg');
    expect(headerUnit('Body Fat %')).toBe('%');
    expect(headerUnit('Energy (kJ)')).toBe('kJ');
    expect(headerUnit('kg')).toBe('kg');
    expect(headerUnit('Weight')).toBeNull();
    expect(headerUnit('Time of Measurement')).toBeNull();
  });

  it('matches headers to fields in English and German', () => {
    expect(headerWords('Body Fat(%)')).toBe('body fat');
    expect(nameScore('Systolisch (mmHg)', 'systolic')).toBe(1);
    expect(nameScore('Körperfett', 'body_fat_pct')).toBe(1);
    expect(nameScore('Saturated Fat', 'fat_g')).toBe(0.6);
    expect(nameScore('BMI', 'weight_kg')).toBe(0);
  });

  describe('encodings', () => {
    let dir: string;
    beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'csv-enc-'))));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const file = (name: string, bytes: Buffer) => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    };

    it('tells UTF-8, Windows-1252 and ASCII apart over the whole file', async () => {
      const ascii = Buffer.from('date,weight\n'.repeat(100_000));
      expect(await scanEncoding(file('a.csv', ascii))).toMatchObject({ utf8: true, ascii: true });
      const late = Buffer.concat([ascii, Buffer.from('2025-01-01,70,Gr\xf6\xdfe\n', 'latin1')]);
      const scan = await scanEncoding(file('b.csv', late));
      expect(scan).toMatchObject({ utf8: false, ascii: false, firstInvalidLine: 100_001 });
      const utf8 = Buffer.from('\ufeffdatum;notiz\n01.02.2025;Größe\n', 'utf8');
      expect(await scanEncoding(file('c.csv', utf8))).toMatchObject({
        bom: true,
        utf8: true,
        ascii: false,
      });
    });

    it('keeps a UTF-8 character that a chunk boundary cuts', async () => {
      const body = Buffer.concat([Buffer.alloc((1 << 20) - 1, 0x61), Buffer.from('ü\n', 'utf8')]);
      expect(await scanEncoding(file('d.csv', body))).toMatchObject({ utf8: true, ascii: false });
    });

    it('refuses a forced encoding the bytes contradict', () => {
      const cp1252 = { bom: false, utf8: false, ascii: false, firstInvalidLine: 3 };
      const utf8 = { bom: false, utf8: true, ascii: false, firstInvalidLine: null };
      expect(chooseEncoding('auto', cp1252)).toEqual({ encoding: 'windows-1252' });
      expect(chooseEncoding('utf-8', cp1252)).toMatchObject({
        problem: expect.stringContaining('line 3'),
      });
      expect(chooseEncoding('windows-1252', utf8)).toMatchObject({
        problem: expect.stringContaining('Ã¼'),
      });
      expect(chooseEncoding('utf-8', { ...utf8, ascii: true })).toEqual({ encoding: 'utf-8' });
      expect(mojibakeSample('GrÃ¶ÃŸe')).toBe('Ã¶');
      expect(mojibakeSample('Größe, Übung')).toBeNull();
    });
  });

  it('detects binary content and delimiters', () => {
    expect(looksBinary(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBe(true);
    expect(looksBinary(Buffer.from('a,b\r\n1,2\n'))).toBe(false);
    expect(detectDelimiter('a;b;c\n1,5;2;3\n')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2\n')).toBe('\t');
    expect(detectDelimiter('a,b\n1,2\n')).toBe(',');
  });

  it('names columns like a spreadsheet and fingerprints headers order-free', () => {
    expect([0, 25, 26, 27].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB']);
    expect(columnIndexOfLetter('AB')).toBe(27);
    expect(headerFingerprint({ a: 'Date', b: ' weight' })).toBe(
      headerFingerprint({ x: 'WEIGHT', y: 'date' }),
    );
  });

  it('accepts a complete template and lists each problem of a broken one', () => {
    const ok = {
      name: 'x',
      module: 'blood_pressure',
      delimiter: '\t',
      decimal_separator: '.',
      date_format: 'YYYY-MM-DD',
      columns: { date: 'Date', systolic: 'Systolic', diastolic: 'Diastolic' },
    };
    expect(validateTemplate(ok)).toEqual([]);
    expect(validateTemplate({ ...ok, has_header: false }).map((w) => w.code)).toEqual([
      'COLUMN_LETTER_REQUIRED',
      'COLUMN_LETTER_REQUIRED',
      'COLUMN_LETTER_REQUIRED',
    ]);
    expect(validateTemplate({ ...ok, encoding: 'latin9' }).map((w) => w.code)).toEqual([
      'UNKNOWN_ENCODING',
    ]);
    expect(
      validateTemplate({ ...ok, skip_lines: 99, units: { systolic: 'kg' } }).map((w) => w.code),
    ).toEqual(['INVALID_SKIP_LINES', 'UNKNOWN_UNIT']);
  });

  it('refuses a header unit the declared unit contradicts', () => {
    const weight = {
      name: 'x',
      module: 'weight',
      delimiter: ',',
      decimal_separator: '.',
      date_format: 'YYYY-MM-DD',
      columns: { date: 'Date', weight_kg: 'Weight (kg)', body_fat_pct: 'Fat mass (kg)' },
    };
    expect(validateTemplate(weight)).toEqual([]);
    expect(validateTemplate({ ...weight, units: { body_fat_pct: '%' } })).toEqual([
      expect.objectContaining({ field: 'units.body_fat_pct', code: 'UNIT_MISMATCH' }),
    ]);
    expect(
      validateTemplate({ ...weight, columns: { ...weight.columns, weight_kg: 'Energy (kcal)' } }),
    ).toEqual([expect.objectContaining({ field: 'columns.weight_kg', code: 'UNIT_MISMATCH' })]);
  });
});
