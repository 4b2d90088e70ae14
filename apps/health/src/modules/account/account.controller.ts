import { Body, Controller, HttpCode, Ip, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser } from '@sports/common';
import { AccountService } from './account.service';
import { ChangePasswordRequest, DeleteAccountRequest } from './dto/account.dto';

const WRONG_SECRET = 'CURRENT_SECRET_INVALID: the password sent is not the current one';
const TOO_MANY = 'RATE_LIMITED: too many wrong passwords (counted like failed sign-ins)';

@ApiTags('profiles')
@Controller('profile')
@Authenticated()
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Put('password')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Changed; every other session of the account has ended' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  @ApiForbiddenResponse({ description: WRONG_SECRET })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  @ApiOperation({ operationId: 'changePassword', summary: 'Change the caller’s password' })
  changePassword(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePasswordRequest,
    @Ip() address: string,
  ): Promise<void> {
    return this.account.changePassword(user, body, address);
  }

  @Post('deletion')
  @HttpCode(204)
  @ApiNoContentResponse({
    description: 'The account, all its data and photo files are deleted; its sessions end',
  })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED' })
  @ApiForbiddenResponse({ description: WRONG_SECRET })
  @ApiConflictResponse({ description: 'ADMIN_SELF_LOCKOUT: the last active admin' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  @ApiOperation({
    operationId: 'deleteAccount',
    summary: 'Delete the caller’s account and all its data',
  })
  deleteAccount(
    @CurrentUser() user: AuthUser,
    @Body() body: DeleteAccountRequest,
    @Ip() address: string,
  ): Promise<void> {
    return this.account.deleteAccount(user, body, address);
  }
}
