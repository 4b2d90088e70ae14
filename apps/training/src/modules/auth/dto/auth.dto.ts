import { ApiProperty } from '@nestjs/swagger';
import { AccountEmail, TokenResponse } from '@sports/common';
import { Transform } from 'class-transformer';
import { IsString, Length, Matches } from 'class-validator';
import { ProfileResponse } from '../../profiles/profile.response';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

export class LoginRequest {
  @AccountEmail('anna@example.org')
  email!: string;

  @ApiProperty({ example: '4711', description: '4 to 8 digits' })
  @IsString()
  @Matches(/^\d{4,8}$/, { message: 'pin must be 4 to 8 digits' })
  pin!: string;
}

export class RegisterRequest extends LoginRequest {
  @ApiProperty({ example: 'Anna Berg' })
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  name!: string;
}

export class AuthResponse extends TokenResponse {
  @ApiProperty({ type: ProfileResponse }) profile!: ProfileResponse;
}
