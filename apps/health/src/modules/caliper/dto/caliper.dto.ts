import { withEntityTag, VersionedRow } from '@sports/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsNumber,
  IsObject,
  IsOptional,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsPastOrTodayDate } from '../../../tracking/calendar-date';
import {
  DateRangeQuery,
  NoteField,
  SourceField,
  TRACKING_SOURCES,
  TrackingSource,
} from '../../../tracking/tracking-common';
import type { CaliperEntry } from '../caliper-entry.entity';
import type { CaliperRow } from '../caliper.repository';
import {
  BodySex,
  CALIPER_FORMULAS,
  CaliperFormula,
  SKINFOLD_MM,
  Skinfolds,
} from '../caliper-formulas';

const skinfold = (): PropertyDecorator => (target, key) => {
  ApiPropertyOptional({ minimum: SKINFOLD_MM.min, maximum: SKINFOLD_MM.max, example: 12 })(
    target,
    key,
  );
  IsOptional()(target, key);
  IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 1 })(target, key);
  Min(SKINFOLD_MM.min)(target, key);
  Max(SKINFOLD_MM.max)(target, key);
};

/** Skinfold thickness in millimetres per site; which sites are needed depends on the formula. */
export class SkinfoldSitesDto {
  @skinfold() chest?: number;
  @skinfold() abdomen?: number;
  @skinfold() thigh?: number;
  @skinfold() triceps?: number;
  @skinfold() suprailiac?: number;
  @skinfold() subscapular?: number;
  @skinfold() midaxillary?: number;
  @skinfold() biceps?: number;
}

export class CreateCaliperRequest {
  @ApiProperty({ example: '2026-04-01', description: 'YYYY-MM-DD, not in the future' })
  @IsPastOrTodayDate()
  date!: string;

  @ApiProperty({
    enum: CALIPER_FORMULAS,
    description:
      'jp3: Jackson-Pollock 3-site; jp7: Jackson-Pollock 7-site; dw4: Durnin-Womersley 4-site',
  })
  @IsIn(CALIPER_FORMULAS)
  formula!: CaliperFormula;

  @ApiProperty({ type: SkinfoldSitesDto })
  @IsObject()
  @ValidateNested()
  @Type(() => SkinfoldSitesDto)
  sites!: SkinfoldSitesDto;

  @NoteField(500)
  note?: string | null;

  @SourceField({ defaultManual: true })
  source?: TrackingSource;
}

/** Changes the fields sent (`sites` replaces all sites) and recomputes the result. */
export class UpdateCaliperRequest {
  @ApiPropertyOptional({ example: '2026-04-01' })
  @ValidateIf((o: UpdateCaliperRequest) => o.date !== undefined)
  @IsPastOrTodayDate()
  date?: string;

  @ApiPropertyOptional({ enum: CALIPER_FORMULAS })
  @ValidateIf((o: UpdateCaliperRequest) => o.formula !== undefined)
  @IsIn(CALIPER_FORMULAS)
  formula?: CaliperFormula;

  @ApiPropertyOptional({ type: SkinfoldSitesDto })
  @ValidateIf((o: UpdateCaliperRequest) => o.sites !== undefined)
  @IsObject()
  @ValidateNested()
  @Type(() => SkinfoldSitesDto)
  sites?: SkinfoldSitesDto;

  @NoteField(500)
  note?: string | null;

  @SourceField({ nullRefused: true })
  source?: TrackingSource;
}

export class CaliperQuery extends DateRangeQuery {
  @ApiPropertyOptional({ enum: CALIPER_FORMULAS })
  @IsOptional()
  @IsIn(CALIPER_FORMULAS)
  formula?: CaliperFormula;
}

export class CaliperResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '2026-04-01' }) date!: string;
  @ApiProperty({ enum: CALIPER_FORMULAS }) formula!: CaliperFormula;
  @ApiProperty({ type: SkinfoldSitesDto }) sites!: Skinfolds;
  @ApiProperty({ example: 16.0, description: 'Siri 1961, one decimal' }) body_fat_pct!: number;
  @ApiProperty({ example: 1.0623, description: 'g/cm³, four decimals' }) density!: number;
  @ApiProperty({ description: 'age on the measurement day, from the profile' }) age_years!: number;
  @ApiProperty({ enum: ['female', 'male'] }) sex!: BodySex;
  @ApiProperty({ nullable: true, type: String }) note!: string | null;
  @ApiProperty({ enum: TRACKING_SOURCES }) source!: TrackingSource;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class CaliperListResponse {
  @ApiProperty({ type: [CaliperResponse] }) items!: CaliperResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export function toCaliperResponse(e: CaliperEntry): CaliperResponse {
  return withEntityTag(
    {
      id: e.id,
      date: e.date,
      formula: e.formula,
      sites: e.sites,
      body_fat_pct: e.bodyFatPct,
      density: e.density,
      age_years: e.ageYears,
      sex: e.sex,
      note: e.note,
      source: e.source,
      created_at: e.createdAt.toISOString(),
      updated_at: e.updatedAt.toISOString(),
    },
    e.rowVersion,
  );
}

/** A row read for a response as its body: a list item (no entity tag, one object per row). */
export function caliperRowBody(r: CaliperRow): CaliperResponse {
  return {
    id: r.id,
    date: r.date,
    formula: r.formula,
    sites: r.sites,
    body_fat_pct: r.body_fat_pct,
    density: r.density,
    age_years: r.age_years,
    sex: r.sex,
    note: r.note,
    source: r.source,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The response of a row read on its own (the detail read path): its body and its version. */
export function caliperRowResponse(r: CaliperRow & VersionedRow): CaliperResponse {
  return withEntityTag(caliperRowBody(r), r.row_version);
}
