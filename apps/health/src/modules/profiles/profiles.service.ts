import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  IfMatch,
  NotFoundError,
  ValidationFailedError,
  withEntityTag,
} from '@sports/common';
import { ageOn } from '../../tracking/calendar-date';
import type { UpdateProfileRequest } from './dto/profile.dto';
import { User } from './user.entity';
import { ProfileResponse, toProfileResponse } from './user.response';
import { UsersRepository } from './users.repository';

/** Plausible age of a tracked person, in full years. */
const AGE_YEARS = { min: 5, max: 120 } as const;

const today = (): string => new Date().toISOString().slice(0, 10);

/** The caller's own profile. */
@Injectable()
export class ProfilesService {
  constructor(private readonly users: UsersRepository) {}

  async get(userId: string): Promise<ProfileResponse> {
    return tagged(await this.findOrFail(userId));
  }

  /** With `ifMatch`, only the version it names is replaced (412 otherwise). */
  async update(
    userId: string,
    input: UpdateProfileRequest,
    ifMatch?: IfMatch,
  ): Promise<ProfileResponse> {
    const user = await this.findOrFail(userId);
    assertIfMatch(ifMatch, user.rowVersion);
    if (input.birth_date) {
      const age = ageOn(input.birth_date, today());
      if (age < AGE_YEARS.min || age > AGE_YEARS.max) {
        throw new ValidationFailedError('The request has 1 invalid field.', [
          {
            path: 'birth_date',
            message: `birth_date must give an age of ${AGE_YEARS.min} to ${AGE_YEARS.max} years`,
          },
        ]);
      }
    }
    if (input.display_name !== undefined) user.displayName = input.display_name;
    if (input.sex !== undefined) user.sex = input.sex;
    if (input.birth_date !== undefined) user.birthDate = input.birth_date;
    if (input.height_cm !== undefined) user.heightCm = input.height_cm;
    if (input.goal_weight_kg !== undefined) user.goalWeightKg = input.goal_weight_kg;
    if (input.activity_level !== undefined) user.activityLevel = input.activity_level;
    if (input.units !== undefined) user.units = input.units;
    return tagged(await this.users.save(user, ifMatch));
  }

  private async findOrFail(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError('User', userId);
    return user;
  }
}

/** The profile, carrying the version of the account row as the ETag. */
function tagged(user: User): ProfileResponse {
  return withEntityTag(toProfileResponse(user, today()), user.rowVersion);
}
