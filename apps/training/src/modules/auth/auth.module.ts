import { accountAuth, FeatureModule } from '@sports/common';
import { toProfileResponse } from '../profiles/profile.response';
import { ProfilesModule } from '../profiles/profiles.module';
import { ProfilesService } from '../profiles/profiles.service';
import { AuthResponse, LoginRequest, RegisterRequest } from './dto/auth.dto';

/** Sign-up and sign-in with email and PIN; the first profile becomes superadmin. */
@FeatureModule({
  name: 'auth',
  version: '1.2.1',
  imports: [ProfilesModule],
  ...accountAuth({
    accounts: ProfilesService,
    secret: { field: 'pin', name: 'PIN' },
    loginRequest: LoginRequest,
    registerRequest: RegisterRequest,
    authResponse: AuthResponse,
    wrongCredentials: 'Email or PIN is wrong',
    registerErrors: ['EMAIL_TAKEN'],
    profileOf: (body) => ({ name: body.name }),
    sessionOf: (profile) => ({ profile: toProfileResponse(profile) }),
  }),
})
export class AuthModule {}
