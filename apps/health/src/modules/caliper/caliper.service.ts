import { Injectable } from '@nestjs/common';
import {
  mapUniqueViolations,
  NotFoundError,
  UnprocessableError,
  assertIfMatch,
  WriteTarget,
} from '@sports/common';
import { ageOn } from '../../tracking/calendar-date';
import { UsersService } from '../profiles/users.service';
import { CaliperEntry } from './caliper-entry.entity';
import { CaliperFormula, estimateBodyFat, SKINFOLD_SITES, Skinfolds } from './caliper-formulas';
import { caliperConflicts } from './caliper.constraints';
import { CaliperRepository } from './caliper.repository';
import {
  CaliperListResponse,
  CaliperQuery,
  CaliperResponse,
  caliperRowBody,
  caliperRowResponse,
  CreateCaliperRequest,
  toCaliperResponse,
  UpdateCaliperRequest,
} from './dto/caliper.dto';

/** Plausible body fat (%); a result outside means the skinfolds do not fit the formula. */
const PLAUSIBLE_BODY_FAT = { min: 2, max: 70 } as const;

export interface CaliperResult {
  sites: Skinfolds;
  density: number;
  bodyFatPct: number;
  ageYears: number;
  sex: 'female' | 'male';
}

/** Skinfold measurements: owner-only, one per user, day and formula; body fat computed here. */
@Injectable()
export class CaliperService {
  constructor(
    private readonly entries: CaliperRepository,
    private readonly users: UsersService,
  ) {}

  async create(userId: string, input: CreateCaliperRequest): Promise<CaliperResponse> {
    const result = await this.compute(userId, input.date, input.formula, input.sites);
    const entry = await this.writeOnce(userId, input.date, input.formula, () =>
      this.entries.insert({
        userId,
        date: input.date,
        formula: input.formula,
        ...result,
        note: input.note ?? null,
        source: input.source ?? 'manual',
      }),
    );
    return toCaliperResponse(entry);
  }

  async list(userId: string, query: CaliperQuery): Promise<CaliperListResponse> {
    const { rows, total } = await this.entries.list(userId, query);
    return {
      items: rows.map(caliperRowBody),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async get(userId: string, id: string): Promise<CaliperResponse> {
    const row = await this.entries.findOwnRow(userId, id);
    if (!row) throw new NotFoundError('Caliper entry', id);
    return caliperRowResponse(row);
  }

  async update(
    userId: string,
    { id, ifMatch }: WriteTarget,
    input: UpdateCaliperRequest,
  ): Promise<CaliperResponse> {
    const entry = await this.findOwnOrFail(userId, id);
    assertIfMatch(ifMatch, entry.rowVersion);
    entry.date = input.date ?? entry.date;
    entry.formula = input.formula ?? entry.formula;
    const result = await this.compute(
      userId,
      entry.date,
      entry.formula,
      input.sites ?? entry.sites,
    );
    Object.assign(entry, result);
    if (input.note !== undefined) entry.note = input.note;
    if (input.source !== undefined) entry.source = input.source;
    const saved = await this.writeOnce(userId, entry.date, entry.formula, () =>
      this.entries.save(entry, ifMatch),
    );
    return toCaliperResponse(saved);
  }

  async remove(userId: string, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.entries.delete(await this.findOwnOrFail(userId, id), ifMatch);
  }

  /**
   * Age (on `date`) and sex from the profile, then the formula. Every refusal is a 422 with a
   * stable code; no number is produced outside the formula's validity.
   */
  async compute(
    userId: string,
    date: string,
    formula: CaliperFormula,
    given: Skinfolds,
  ): Promise<CaliperResult> {
    const user = await this.users.findById(userId);
    const missingFields = [
      ...(user?.sex ? [] : ['sex']),
      ...(user?.birthDate ? [] : ['birth_date']),
    ];
    if (!user?.sex || !user.birthDate) {
      throw new UnprocessableError(
        `The profile lacks ${missingFields.join(' and ')}, which the caliper formulas need.`,
        'PROFILE_INCOMPLETE',
        { hint: 'Set them with PUT /api/profile.', extensions: { missing_fields: missingFields } },
      );
    }
    const sites: Skinfolds = {};
    for (const s of SKINFOLD_SITES) if (typeof given[s] === 'number') sites[s] = given[s];
    const age = ageOn(user.birthDate, date);
    const estimate = estimateBodyFat({ formula, sex: user.sex, age, sites });
    if (!estimate.ok && estimate.reason === 'sites_missing') {
      throw new UnprocessableError(
        `Formula ${formula} for ${user.sex} needs the sites: ${estimate.missing.join(', ')}.`,
        'CALIPER_SITE_MISSING',
        { extensions: { missing_sites: estimate.missing, formula } },
      );
    }
    if (!estimate.ok) {
      throw new UnprocessableError(
        `Formula ${formula} is valid for ${user.sex} aged ${estimate.min} to ${estimate.max}; ` +
          `the age on ${date} is ${age}.`,
        'CALIPER_AGE_OUT_OF_RANGE',
        { extensions: { age_years: age, min_age: estimate.min, max_age: estimate.max, formula } },
      );
    }
    const bodyFatPct = Math.round(estimate.body_fat_pct * 10) / 10;
    if (bodyFatPct < PLAUSIBLE_BODY_FAT.min || bodyFatPct > PLAUSIBLE_BODY_FAT.max) {
      throw new UnprocessableError(
        `The skinfolds give ${bodyFatPct} % body fat, outside ${PLAUSIBLE_BODY_FAT.min}-${PLAUSIBLE_BODY_FAT.max} %.`,
        'CALIPER_RESULT_IMPLAUSIBLE',
        { hint: 'Check the measurements and the chosen formula.' },
      );
    }
    return {
      sites,
      density: Math.round(estimate.density * 10000) / 10000,
      bodyFatPct,
      ageYears: age,
      sex: user.sex,
    };
  }

  private async findOwnOrFail(userId: string, id: string): Promise<CaliperEntry> {
    const entry = await this.entries.findOwn(userId, id);
    if (!entry) throw new NotFoundError('Caliper entry', id);
    return entry;
  }

  /** Runs a write; the per-day-and-formula unique constraint answers 409 naming the existing entry. */
  private writeOnce(
    userId: string,
    date: string,
    formula: CaliperFormula,
    write: () => Promise<CaliperEntry>,
  ): Promise<CaliperEntry> {
    const existingId = async () =>
      (await this.entries.findOnDay(userId, date, formula))?.id ?? null;
    return mapUniqueViolations(caliperConflicts(date, formula, existingId), write);
  }
}
