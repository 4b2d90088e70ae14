import { accountAuth, ApiErrors, FeatureModule } from '@sports/common';
import { ProfilesModule } from '../profiles/profiles.module';
import { toUserResponse } from '../profiles/user.response';
import { UsersService } from '../profiles/users.service';
import { AuthResponse, LoginRequest, RegisterRequest } from './dto/auth.dto';

const AUTH = accountAuth({
  accounts: UsersService,
  secret: { field: 'password', name: 'password' },
  loginRequest: LoginRequest,
  registerRequest: RegisterRequest,
  authResponse: AuthResponse,
  wrongCredentials: 'Email or password is wrong, or the account is deactivated',
  profileOf: (body) => ({ displayName: body.display_name ?? null }),
  sessionOf: (user) => ({ user: toUserResponse(user) }),
});

// The shared auth controller declares the shared codes; registration here also answers 409
// EMAIL_TAKEN (UsersService's unique email).
for (const controller of AUTH.controllers) {
  const register = Object.getOwnPropertyDescriptor(controller.prototype, 'register');
  if (register) ApiErrors('EMAIL_TAKEN')(controller.prototype, 'register', register);
}

/** Sign-up and sign-in with email and password; a deactivated account cannot sign in. */
@FeatureModule({
  name: 'auth',
  version: '1.2.0',
  imports: [ProfilesModule],
  ...AUTH,
})
export class AuthModule {}
