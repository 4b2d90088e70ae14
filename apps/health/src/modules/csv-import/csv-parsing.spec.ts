import {
  columnIndexOfLetter,
  columnLetter,
  compileDateFormat,
  detectDelimiter,
  detectEncoding,
  headerFingerprint,
  looksBinary,
  parseNumber,
} from './csv-parsing';
import { validateTemplate } from './csv-template-validation';

describe('CSV parsing rules', () => {
  it('parses dates in the mapping format and refuses impossible days', () => {
    const de = compileDateFormat('DD.MM.YYYY')!;
    expect(de.parse('31.01.2026')).toBe('2026-01-31');
    expect(de.parse('31.02.2026')).toBeNull();
    expect(de.parse('2026-01-31')).toBeNull();
    expect(compileDateFormat('YYYY-MM-DD')!.parse('2026-01-31 07:30:00')).toBe('2026-01-31');
    expect(compileDateFormat('YYYY-MM-DD')!.parse('1750-03-01')).toBe('1750-03-01');
    expect(compileDateFormat('M/D/YYYY')!.parse('1/5/2026')).toBe('2026-01-05');
    expect(compileDateFormat('MM/YYYY')).toBeNull();
    expect(compileDateFormat('YYYY-MM-DD foo')).toBeNull();
  });

  it('parses numbers with the decimal separator, grouping and units', () => {
    expect(parseNumber('78,5', ',')).toEqual({ ok: true, value: 78.5 });
    expect(parseNumber('1.234,5', ',')).toEqual({ ok: true, value: 1234.5 });
    expect(parseNumber('1,234.5', '.')).toEqual({ ok: true, value: 1234.5 });
    expect(parseNumber('78.4 kg', '.', 'kg')).toEqual({ ok: true, value: 78.4 });
    const lbs = parseNumber('100 lbs', '.', 'kg');
    expect(lbs.ok && Math.round(lbs.value * 100) / 100).toBe(45.36);
    expect(parseNumber('78.5', ',').ok).toBe(false);
    expect(parseNumber('78 stone', '.', 'kg').ok).toBe(false);
    expect(parseNumber('abc', '.').ok).toBe(false);
  });

  it('detects encodings, binary content and delimiters', () => {
    expect(detectEncoding(Buffer.from('\ufeffa,b', 'utf8'), false)).toEqual({
      encoding: 'utf-8',
      bom: true,
    });
    expect(detectEncoding(Buffer.from('Größe', 'utf8'), false).encoding).toBe('utf-8');
    expect(detectEncoding(Buffer.from('Gr\xf6\xdfe', 'latin1'), false).encoding).toBe(
      'windows-1252',
    );
    // A multi-byte character cut by the end of the sample is not a reason to give up UTF-8.
    expect(detectEncoding(Buffer.from('abcö', 'utf8').subarray(0, 4), true).encoding).toBe('utf-8');
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
  });
});
