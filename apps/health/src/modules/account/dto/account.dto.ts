import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class ChangePasswordRequest {
  @ApiProperty({ example: 'correct horse battery', description: 'The current password' })
  @IsString()
  @Length(1, 128)
  current_password!: string;

  @ApiProperty({ example: 'battery staple horse', minLength: 8, maxLength: 128 })
  @IsString()
  @Length(8, 128, { message: 'new_password must be 8 to 128 characters' })
  new_password!: string;
}

export class DeleteAccountRequest {
  @ApiProperty({
    example: 'correct horse battery',
    description: 'The current password: the confirmation that the owner means it',
  })
  @IsString()
  @Length(1, 128)
  password!: string;
}
