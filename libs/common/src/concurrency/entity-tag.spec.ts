import { ValidationFailedError } from '../errors/domain-error';
import { formatEntityTag, IfMatch, parseIfMatch } from './entity-tag';

describe('parseIfMatch', () => {
  it('answers undefined without the header: the write stays unconditional', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
  });

  it('reads * as "any current version", which needs the resource to exist', () => {
    const ifMatch = parseIfMatch(' * ')!;
    expect(ifMatch.any).toBe(true);
    expect(ifMatch.matches('17')).toBe(true);
    expect(ifMatch.matches(null)).toBe(false);
  });

  it('reads a list of strong tags, with optional whitespace and empty elements', () => {
    const ifMatch = parseIfMatch(' "17" ,, "x-y",\t"" ,')!;
    expect(ifMatch.any).toBe(false);
    expect(ifMatch.versions).toEqual(['17', 'x-y', '']);
    expect(ifMatch.matches('17')).toBe(true);
    expect(ifMatch.matches('x-y')).toBe(true);
    expect(ifMatch.matches('18')).toBe(false);
  });

  it('keeps weak tags out of the comparison: If-Match uses strong comparison', () => {
    const ifMatch = parseIfMatch('W/"17", "18"')!;
    expect(ifMatch.versions).toEqual(['18']);
    expect(ifMatch.matches('17')).toBe(false);
    expect(parseIfMatch('W/"17"')!.matches('17')).toBe(false);
  });

  it('joins repeated fields into one list', () => {
    expect(parseIfMatch(['"1"', '"2"'])!.versions).toEqual(['1', '2']);
  });

  it('accepts obs-text inside a tag', () => {
    expect(parseIfMatch('"caf\u00e9"')!.versions).toEqual(['caf\u00e9']);
  });

  it.each([
    ['an unquoted tag', '17'],
    ['an empty value', ''],
    ['only separators', ' , ,'],
    ['* with a tag', '*, "17"'],
    ['a tag then *', '"17", *'],
    ['an unterminated tag', '"17'],
    ['a space inside a tag', '"1 7"'],
    ['a quote inside a tag', '"1"7"'],
    ['tags without a comma', '"1" "2"'],
    ['a lower-case weak prefix', 'w/"1"'],
    ['a control character', '"1\u0001"'],
  ])('answers 400 VALIDATION_FAILED for %s', (_name, value) => {
    let error: unknown;
    try {
      parseIfMatch(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationFailedError);
    expect((error as ValidationFailedError).errors?.[0].path).toBe('If-Match');
  });
});

describe('formatEntityTag', () => {
  it('quotes a version into a strong tag the parser reads back', () => {
    expect(formatEntityTag('7391')).toBe('"7391"');
    expect(parseIfMatch(formatEntityTag('7391'))!.matches('7391')).toBe(true);
  });

  it('of any version matches nothing when If-Match lists no strong tag', () => {
    expect(IfMatch.of([]).matches('1')).toBe(false);
  });
});
