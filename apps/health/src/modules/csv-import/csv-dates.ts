/**
 * Dates and times as CSV exports write them: a mapping's `date_format` compiled into a parser,
 * month names in English and German, two-digit years and the time of day that many exports
 * put after the date or into a column of its own. Pure functions, no NestJS or database.
 */

/** The first day the rest of the API accepts (tracking/calendar-date.ts); CSV follows it. */
export const EARLIEST_DATE = '1900-01-01';

export interface ParsedDate {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm:ss when the value carries a time of day. */
  time: string | null;
  /** `Z` or `±HH:MM` when the value names its offset from UTC. */
  offset: string | null;
}

export interface DateParser {
  format: string;
  parse(raw: string): ParsedDate | null;
}

const MONTHS: Record<string, number> = {};
[
  ['jan', 'january', 'januar', 'jän', 'jänner'],
  ['feb', 'february', 'februar'],
  ['mar', 'march', 'mär', 'märz', 'mrz', 'maerz'],
  ['apr', 'april'],
  ['may', 'mai'],
  ['jun', 'june', 'juni'],
  ['jul', 'july', 'juli'],
  ['aug', 'august'],
  ['sep', 'sept', 'september'],
  ['oct', 'october', 'okt', 'oktober'],
  ['nov', 'november'],
  ['dec', 'december', 'dez', 'dezember'],
].forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));

/** 1–12 for an English or German month name or abbreviation ("Mar", "März", "Okt."), else null. */
export function monthOfName(name: string): number | null {
  return MONTHS[name.toLowerCase().replace(/\.$/, '')] ?? null;
}

const TOKEN_RE = /\[[^\]]*\]|YYYY|YY|MMMM|MMM|MM|M|DD|D|HH|H|hh|h|mm|ss|A/g;
const TOKEN_PATTERN: Record<string, string> = {
  YYYY: '(\\d{4})',
  YY: '(\\d{2})',
  MMMM: '([A-Za-zÄÖÜäöü]{3,10}\\.?)',
  MMM: '([A-Za-zÄÖÜäöü]{3,10}\\.?)',
  MM: '(\\d{2})',
  M: '(\\d{1,2})',
  DD: '(\\d{2})',
  D: '(\\d{1,2})',
  HH: '(\\d{2})',
  H: '(\\d{1,2})',
  hh: '(\\d{2})',
  h: '(\\d{1,2})',
  mm: '(\\d{2})',
  ss: '(\\d{2})',
  A: '([AaPp]\\.?[Mm]\\.?)',
};

/** A time of day after the date: "07:30", "7:30:05", "7:30 PM", "6:04 Uhr", optional offset. */
const TRAILING_TIME =
  /^[\sT,]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*([AaPp]\.?[Mm]\.?)?(?:\s*Uhr)?\s*(Z|[+-]\d{2}:?\d{2})?$/;
const TIME_OF_DAY =
  /^\s*(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*([AaPp]\.?[Mm]\.?)?(?:\s*Uhr)?\s*$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** HH:mm:ss for an hour on a 24- or 12-hour clock, or null when the numbers name no time. */
function clock(hour: number, minute: number, second: number, meridiem?: string): string | null {
  let h = hour;
  if (meridiem) {
    if (h < 1 || h > 12) return null;
    const pm = /^p/i.test(meridiem);
    h = (h % 12) + (pm ? 12 : 0);
  }
  if (h > 23 || minute > 59 || second > 59) return null;
  return `${pad(h)}:${pad(minute)}:${pad(second)}`;
}

/** A time of day written on its own ("07:31", "7:31 AM", "6:04 Uhr") as HH:mm:ss, else null. */
export function parseTimeOfDay(raw: string): string | null {
  const m = TIME_OF_DAY.exec(raw);
  if (!m) return null;
  return clock(Number(m[1]), Number(m[2]), Number(m[3] ?? 0), m[4]);
}

/**
 * A two-digit year is the most recent such year not after the current one: health data
 * lies in the past, so "24" is 2024 and "85" is 1985.
 */
export function expandTwoDigitYear(yy: number, now = new Date()): number {
  const year = 2000 + yy;
  return year > now.getUTCFullYear() ? year - 100 : year;
}

function calendarDay(y: number, m: number, d: number): string | null {
  const dt = new Date(Date.UTC(2000, m - 1, d));
  dt.setUTCFullYear(y);
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/**
 * Compiles a format such as `DD.MM.YYYY`, `MMM D, YYYY` or `YYYY-MM-DD HH:mm:ss`. Tokens: YYYY
 * YY (two-digit year), MMMM/MMM (month name), MM M, DD D, HH H (24 h), hh h (12 h), mm, ss, A
 * (AM/PM); `[text]` is literal text; other characters are literal. A time of day after the
 * date is read even when the format names none. Null for a format without year, month and day.
 */
export function compileDateFormat(format: string, now = new Date()): DateParser | null {
  const order: string[] = [];
  let pattern = '';
  let last = 0;
  for (const m of format.matchAll(TOKEN_RE)) {
    const literal = format.slice(last, m.index);
    if (/[A-Za-z]/.test(literal)) return null;
    pattern += escapeRegex(literal);
    if (m[0].startsWith('[')) pattern += escapeRegex(m[0].slice(1, -1));
    else {
      pattern += TOKEN_PATTERN[m[0]];
      order.push(m[0]);
    }
    last = (m.index ?? 0) + m[0].length;
  }
  const rest = format.slice(last);
  if (/[A-Za-z]/.test(rest)) return null;
  pattern += escapeRegex(rest);
  if (new Set(order).size !== order.length) return null;
  const at = (...tokens: string[]) => order.findIndex((t) => tokens.includes(t)) + 1;
  const yi = at('YYYY', 'YY');
  const mi = at('MMMM', 'MMM', 'MM', 'M');
  const di = at('DD', 'D');
  if (!yi || !mi || !di) return null;
  const hi = at('HH', 'H', 'hh', 'h');
  const mni = at('mm');
  const si = at('ss');
  const ai = at('A');
  const twoDigitYear = order.includes('YY');
  const monthName = order.includes('MMM') || order.includes('MMMM');
  const re = new RegExp(`^\\s*${pattern}`);
  return {
    format,
    parse(raw: string): ParsedDate | null {
      const m = re.exec(raw);
      if (!m) return null;
      const month = monthName ? monthOfName(m[mi]) : Number(m[mi]);
      if (!month) return null;
      const year = twoDigitYear ? expandTwoDigitYear(Number(m[yi]), now) : Number(m[yi]);
      const date = calendarDay(year, month, Number(m[di]));
      if (!date) return null;
      if (m[0].length === raw.length && !hi) return { date, time: null, offset: null };
      const rest = raw.slice(m[0].length);
      if (hi) {
        if (rest.trim() !== '') return null;
        const time = clock(Number(m[hi]), mni ? Number(m[mni]) : 0, si ? Number(m[si]) : 0, m[ai]);
        return time ? { date, time, offset: null } : null;
      }
      if (rest.trim() === '') return { date, time: null, offset: null };
      const t = TRAILING_TIME.exec(rest);
      if (t) {
        const time = clock(Number(t[1]), Number(t[2]), Number(t[3] ?? 0), t[4]);
        if (!time) return null;
        const offset = t[5] ? t[5].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : null;
        return { date, time, offset };
      }
      // Exports append other things to a date ("2025-03-01 (Mon)"); only the date is read.
      return /^[\sT]/.test(rest) ? { date, time: null, offset: null } : null;
    },
  };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Formats tried by the analysis and named in hints; a time after the date is read by each. */
export const COMMON_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'D.M.YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'M/D/YYYY',
  'YYYY/MM/DD',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
  'DD.MM.YY',
  'DD/MM/YY',
  'MM/DD/YY',
  'M/D/YY',
  'MMM D, YYYY',
  'MMM D YYYY',
  'D MMM YYYY',
  'D. MMMM YYYY',
  'D MMMM YYYY',
];

/** An example rendering of `format` for 31 January 2026, 07:30:00. */
export function dateExample(format: string): string {
  const values: Record<string, string> = {
    YYYY: '2026',
    YY: '26',
    MMMM: 'January',
    MMM: 'Jan',
    MM: '01',
    M: '1',
    DD: '31',
    D: '31',
    HH: '07',
    H: '7',
    hh: '07',
    h: '7',
    mm: '30',
    ss: '00',
    A: 'AM',
  };
  return format.replace(TOKEN_RE, (t) => (t.startsWith('[') ? t.slice(1, -1) : values[t]));
}
