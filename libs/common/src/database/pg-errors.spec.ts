import { isStillReferenced, isUniqueViolation, pgErrorCode } from './pg-errors';

describe('PostgreSQL error codes', () => {
  it('reads the code of a pg error and of a TypeORM QueryFailedError', () => {
    expect(pgErrorCode({ code: '23505' })).toBe('23505');
    expect(pgErrorCode({ driverError: { code: '23503' } })).toBe('23503');
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
  });

  it('treats RESTRICT (23001, PostgreSQL 18) and foreign key (23503) violations as "still referenced"', () => {
    expect(isStillReferenced({ driverError: { code: '23001' } })).toBe(true);
    expect(isStillReferenced({ driverError: { code: '23503' } })).toBe(true);
    expect(isStillReferenced({ driverError: { code: '23505' } })).toBe(false);
  });
});

describe('unique violations', () => {
  it('recognises 23505 on a pg error and on a QueryFailedError, optionally by constraint name', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(
      isUniqueViolation({ driverError: { code: '23505', constraint: 'weight_day' } }, 'weight_day'),
    ).toBe(true);
    expect(
      isUniqueViolation({ driverError: { code: '23505', constraint: 'other' } }, 'weight_day'),
    ).toBe(false);
    expect(isUniqueViolation({ driverError: { code: '23503' } })).toBe(false);
  });
});
