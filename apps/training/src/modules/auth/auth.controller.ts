import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Public } from '@sports/common';
import { AuthService } from './auth.service';
import {
  AuthResponse,
  LoginRequest,
  RefreshRequest,
  RegisterRequest,
  TokenResponse,
} from './dto/auth.dto';
import { LoginThrottlerGuard } from './login-throttler.guard';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @Public()
  @ApiCreatedResponse({ type: AuthResponse })
  register(@Body() body: RegisterRequest): Promise<AuthResponse> {
    return this.auth.register(body);
  }

  @Post('login')
  @Public()
  @UseGuards(LoginThrottlerGuard)
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponse })
  @ApiTooManyRequestsResponse({
    description:
      'RATE_LIMITED (problem+json, Retry-After): too many attempts from this IP, or the account is locked after repeated failures',
  })
  login(@Body() body: LoginRequest): Promise<AuthResponse> {
    return this.auth.login(body);
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: TokenResponse })
  refresh(@Body() body: RefreshRequest): Promise<TokenResponse> {
    return this.auth.refresh(body.refresh_token);
  }

  @Post('logout')
  @Public()
  @HttpCode(204)
  @ApiNoContentResponse()
  logout(@Body() body: RefreshRequest): Promise<void> {
    return this.auth.logout(body.refresh_token);
  }
}
