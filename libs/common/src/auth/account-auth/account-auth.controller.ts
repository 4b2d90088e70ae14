import { Body, Controller, HttpCode, Ip, Post, Type } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { ErrorCode } from '../../errors/error-catalogue';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Public } from '../access.decorators';
import type { TokenPair } from '../auth-tokens.service';
import type { AuthUser } from '../auth-user';
import { ApiLoginRefusals } from '../login-protection/login-refusals.decorator';
import { RefreshRequest, TokenResponse } from './account-auth.dto';
import { AccountAuthService, Credentials } from './account-auth.service';

/** The request and response classes of one service's auth routes. */
export interface AccountAuthRoutes<F extends string, TRegister, TSession> {
  loginRequest: Type<Credentials<F>>;
  registerRequest: Type<TRegister>;
  authResponse: Type<TokenPair & TSession>;
  /** The 401 of the sign-in route in the OpenAPI document: when credentials are refused. */
  wrongCredentials: string;
  /** Codes of the service's catalogue that registration may answer (e.g. its e-mail conflict). */
  registerErrors?: ErrorCode[];
}

/** `POST /auth/register`, `/auth/login`, `/auth/refresh` and `/auth/logout` for one service. */
export function createAuthController<
  F extends string,
  TRegister extends Credentials<F>,
  TSession extends object,
>(routes: AccountAuthRoutes<F, TRegister, TSession>): Type<unknown> {
  @ApiTags('auth')
  @Controller('auth')
  class AuthController {
    constructor(
      private readonly auth: AccountAuthService<AuthUser, unknown, F, TRegister, TSession>,
    ) {}

    @Post('register')
    @ApiOperation({ operationId: 'registerAccount', summary: 'Create an account and sign in' })
    @Public()
    @ApiCreatedResponse({ type: routes.authResponse })
    @ApiErrors(...(routes.registerErrors ?? []))
    register(@Body() body: TRegister): Promise<TokenPair & TSession> {
      return this.auth.register(body);
    }

    @Post('login')
    @ApiOperation({ operationId: 'signIn', summary: 'Sign in with credentials' })
    @Public()
    @HttpCode(200)
    @ApiOkResponse({ type: routes.authResponse })
    @ApiLoginRefusals(routes.wrongCredentials)
    login(@Body() body: Credentials<F>, @Ip() address: string): Promise<TokenPair & TSession> {
      return this.auth.login(body, address);
    }

    @Post('refresh')
    @ApiOperation({
      operationId: 'refreshTokens',
      summary: 'Exchange a refresh token for a new token pair (rotation)',
    })
    @Public()
    @HttpCode(200)
    @ApiOkResponse({ type: TokenResponse })
    @ApiErrors('UNAUTHENTICATED')
    refresh(@Body() body: RefreshRequest): Promise<TokenResponse> {
      return this.auth.refresh(body.refresh_token);
    }

    @Post('logout')
    @ApiOperation({ operationId: 'signOut', summary: 'Revoke a refresh token (sign out)' })
    @Public()
    @HttpCode(204)
    @ApiNoContentResponse()
    logout(@Body() body: RefreshRequest): Promise<void> {
      return this.auth.logout(body.refresh_token);
    }
  }
  // Generic bodies are recorded as `Object`: name the service's classes for the validation
  // pipe and the OpenAPI document, as a handler written for them would.
  const handlers = AuthController.prototype;
  Reflect.defineMetadata('design:paramtypes', [routes.registerRequest], handlers, 'register');
  Reflect.defineMetadata('design:paramtypes', [routes.loginRequest, String], handlers, 'login');
  return AuthController;
}
