import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, MaxLength } from 'class-validator';
import type { TokenPair } from '../auth-tokens.service';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

/** The email an account signs up and signs in with: trimmed, a valid address, 254 characters at most. */
export const AccountEmail = (example: string): PropertyDecorator =>
  applyDecorators(
    MaxLength(254),
    IsEmail({}, { message: 'email must be a valid email address' }),
    Transform(trim),
    ApiProperty({ example }),
  );

export class RefreshRequest {
  @ApiProperty()
  @IsString()
  @Length(16, 200)
  refresh_token!: string;
}

export class TokenResponse implements TokenPair {
  @ApiProperty() access_token!: string;
  @ApiProperty({ example: 'Bearer' }) token_type!: 'Bearer';
  @ApiProperty({ example: 900 }) expires_in!: number;
  @ApiProperty() refresh_token!: string;
  @ApiProperty() refresh_expires_at!: string;
}
