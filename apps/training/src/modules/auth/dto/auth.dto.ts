import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, Matches, MaxLength } from 'class-validator';
import { ProfileResponse } from '../../profiles/profile.response';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

export class LoginRequest {
  @ApiProperty({ example: 'anna@example.org' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254)
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

export class RefreshRequest {
  @ApiProperty()
  @IsString()
  @Length(16, 200)
  refresh_token!: string;
}

export class AuthResponse {
  @ApiProperty() access_token!: string;
  @ApiProperty({ example: 'Bearer' }) token_type!: 'Bearer';
  @ApiProperty({ example: 900 }) expires_in!: number;
  @ApiProperty() refresh_token!: string;
  @ApiProperty() refresh_expires_at!: string;
  @ApiProperty({ type: ProfileResponse }) profile!: ProfileResponse;
}

export class TokenResponse {
  @ApiProperty() access_token!: string;
  @ApiProperty({ example: 'Bearer' }) token_type!: 'Bearer';
  @ApiProperty({ example: 900 }) expires_in!: number;
  @ApiProperty() refresh_token!: string;
  @ApiProperty() refresh_expires_at!: string;
}
