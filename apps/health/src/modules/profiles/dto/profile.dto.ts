import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { IsPastOrTodayDate } from '../../../tracking/calendar-date';
import { ACTIVITY_LEVELS, ActivityLevel, SEXES, Sex, UNITS, Units } from '../user.entity';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

/** Changes the fields sent; `null` clears a nullable field. Values are stored in metric units. */
export class UpdateProfileRequest {
  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 200 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  display_name?: string | null;

  @ApiPropertyOptional({ enum: SEXES, nullable: true, type: String })
  @IsOptional()
  @IsIn(SEXES)
  sex?: Sex | null;

  @ApiPropertyOptional({ nullable: true, type: String, example: '1990-05-17' })
  @IsOptional()
  @IsPastOrTodayDate()
  birth_date?: string | null;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 50, maximum: 272 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 1 })
  @Min(50)
  @Max(272)
  height_cm?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 20, maximum: 400 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(20)
  @Max(400)
  goal_weight_kg?: number | null;

  @ApiPropertyOptional({ enum: ACTIVITY_LEVELS, nullable: true, type: String })
  @IsOptional()
  @IsIn(ACTIVITY_LEVELS)
  activity_level?: ActivityLevel | null;

  @ApiPropertyOptional({ enum: UNITS, description: 'display preference; the API stays metric' })
  @ValidateIf((o: UpdateProfileRequest) => o.units !== undefined)
  @IsIn(UNITS)
  units?: Units;
}
