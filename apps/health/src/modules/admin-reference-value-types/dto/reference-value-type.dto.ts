import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNumber, IsOptional, IsString, Length, Matches } from 'class-validator';

const NUM = { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 4 };

export class CreateReferenceValueTypeRequest {
  @ApiProperty({ example: 'resting_hr', pattern: '^[a-z][a-z0-9_]{1,62}$' })
  @Matches(/^[a-z][a-z0-9_]{1,62}$/, {
    message: 'key must be 2-63 characters of a-z, 0-9 and _, starting with a letter',
  })
  key!: string;

  @ApiProperty({ example: 'Resting heart rate' })
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiProperty({ example: 'bpm' })
  @IsString()
  @Length(1, 40)
  unit!: string;

  @ApiProperty({ description: 'Lowest plausible value (inclusive)' })
  @IsNumber(NUM)
  min_value!: number;

  @ApiProperty({ description: 'Highest plausible value (inclusive); above min_value' })
  @IsNumber(NUM)
  max_value!: number;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  is_active?: boolean;
}

/** The key is the identity of a type and cannot change. */
export class UpdateReferenceValueTypeRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, 40)
  unit?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsNumber(NUM)
  min_value?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsNumber(NUM)
  max_value?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  is_active?: boolean;
}

export class ReferenceValueTypeResponse {
  @ApiProperty({ example: 'resting_hr' }) key!: string;
  @ApiProperty() name!: string;
  @ApiProperty() unit!: string;
  @ApiProperty() min_value!: number;
  @ApiProperty() max_value!: number;
  @ApiProperty() is_active!: boolean;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class ReferenceValueTypeListResponse {
  @ApiProperty({ type: [ReferenceValueTypeResponse] }) items!: ReferenceValueTypeResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
