import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { NoteField, SourceField, TrackingSource } from './tracking-common';

class Body {
  @NoteField(5) note?: string | null;
  @SourceField({ defaultManual: true }) source?: TrackingSource;
}

class StrictUpdate {
  @SourceField({ nullRefused: true }) source?: TrackingSource;
}

const errorsOf = (cls: new () => object, plain: object): string[] =>
  validateSync(plainToInstance(cls, plain)).flatMap((e) => Object.keys(e.constraints ?? {}));

describe('tracking body fields', () => {
  it('NoteField takes a short string, null or nothing, and refuses long or non-string notes', () => {
    expect(errorsOf(Body, { note: 'ok' })).toEqual([]);
    expect(errorsOf(Body, { note: null })).toEqual([]);
    expect(errorsOf(Body, {})).toEqual([]);
    expect(errorsOf(Body, { note: 'too long' })).toEqual(['maxLength']);
    expect(errorsOf(Body, { note: 7 })).toEqual(['maxLength', 'isString']);
  });

  it('SourceField takes the known sources; null is skipped unless refused', () => {
    expect(errorsOf(Body, { source: 'csv' })).toEqual([]);
    expect(errorsOf(Body, { source: 'fax' })).toEqual(['isIn']);
    expect(errorsOf(Body, { source: null })).toEqual([]);
    expect(errorsOf(StrictUpdate, {})).toEqual([]);
    expect(errorsOf(StrictUpdate, { source: null })).toEqual(['isIn']);
  });
});
