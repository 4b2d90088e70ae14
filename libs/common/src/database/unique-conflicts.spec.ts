import { ConflictError, NotFoundError } from '../errors/domain-error';
import { mapUniqueViolations, violatedUniqueConstraint } from './unique-conflicts';

declare module '../errors/error-catalogue' {
  interface ErrorCodes {
    WEIGHT_EXISTS_FOR_DAY: true;
    NAME_TAKEN: true;
  }
}

const uniqueViolation = (constraint: string): object => ({
  driverError: { code: '23505', constraint },
});

const CONFLICTS = {
  weight_day_key: () => new ConflictError('That day has an entry.', 'WEIGHT_EXISTS_FOR_DAY'),
  name_key: async () => new ConflictError('The name is taken.', 'NAME_TAKEN'),
};

describe('unique conflicts', () => {
  it('names the violated constraint of a pg error and of a QueryFailedError', () => {
    expect(violatedUniqueConstraint({ code: '23505', constraint: 'a_key' })).toBe('a_key');
    expect(violatedUniqueConstraint(uniqueViolation('b_key'))).toBe('b_key');
    expect(violatedUniqueConstraint({ code: '23503', constraint: 'a_fkey' })).toBeUndefined();
  });

  it("turns a violation of a listed constraint into the module's domain error", async () => {
    await expect(
      mapUniqueViolations(CONFLICTS, () => Promise.reject(uniqueViolation('weight_day_key'))),
    ).rejects.toMatchObject({ status: 409, code: 'WEIGHT_EXISTS_FOR_DAY' });
    await expect(
      mapUniqueViolations(CONFLICTS, () => Promise.reject(uniqueViolation('name_key'))),
    ).rejects.toMatchObject({ status: 409, code: 'NAME_TAKEN' });
  });

  it('passes other errors and unlisted constraints through unchanged', async () => {
    const unlisted = uniqueViolation('other_key');
    await expect(mapUniqueViolations(CONFLICTS, () => Promise.reject(unlisted))).rejects.toBe(
      unlisted,
    );
    const notFound = new NotFoundError('Thing');
    await expect(mapUniqueViolations(CONFLICTS, () => Promise.reject(notFound))).rejects.toBe(
      notFound,
    );
    const inherited = uniqueViolation('toString');
    await expect(mapUniqueViolations(CONFLICTS, () => Promise.reject(inherited))).rejects.toBe(
      inherited,
    );
  });

  it('answers the result of a write that succeeds', async () => {
    await expect(mapUniqueViolations(CONFLICTS, async () => 42)).resolves.toBe(42);
  });
});
