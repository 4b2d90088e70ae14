import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiLoginRefusals, Public } from '@sports/common';
import { AuthService } from './auth.service';
import {
  AuthResponse,
  LoginRequest,
  RefreshRequest,
  RegisterRequest,
  TokenResponse,
} from './dto/auth.dto';

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
  @HttpCode(200)
  @ApiOkResponse({ type: AuthResponse })
  @ApiLoginRefusals('Email or PIN is wrong')
  login(@Body() body: LoginRequest, @Ip() address: string): Promise<AuthResponse> {
    return this.auth.login(body, address);
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
