import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AccountEmail, TokenResponse } from '@sports/common';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Length } from 'class-validator';
import { UserResponse } from '../../profiles/user.response';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

export class LoginRequest {
  @AccountEmail('kim@example.org')
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

export class AuthResponse extends TokenResponse {
  @ApiProperty({ type: UserResponse }) user!: UserResponse;
}
