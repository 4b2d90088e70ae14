import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { UserResponse } from '../../profiles/user.response';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

export class LoginRequest {
  @ApiProperty({ example: 'kim@example.org' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254)
  email!: string;

  @ApiProperty({ example: 'correct horse battery', minLength: 8, maxLength: 128 })
  @IsString()
  @Length(8, 128, { message: 'password must be 8 to 128 characters' })
  password!: string;
}

export class RegisterRequest extends LoginRequest {
  @ApiPropertyOptional({ example: 'Kim' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  display_name?: string;
}

export class RefreshRequest {
  @ApiProperty()
  @IsString()
  @Length(16, 200)
  refresh_token!: string;
}

export class TokenResponse {
  @ApiProperty() access_token!: string;
  @ApiProperty({ example: 'Bearer' }) token_type!: 'Bearer';
  @ApiProperty({ example: 900 }) expires_in!: number;
  @ApiProperty() refresh_token!: string;
  @ApiProperty() refresh_expires_at!: string;
}

export class AuthResponse extends TokenResponse {
  @ApiProperty({ type: UserResponse }) user!: UserResponse;
}
