import { FeatureModule } from '@sports/common';
import { ProfilesModule } from '../profiles/profiles.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';

@FeatureModule({
  name: 'auth',
  version: '1.2.1',
  imports: [ProfilesModule],
  controllers: [AuthController],
  providers: [AuthService],
})
export class AuthModule {}
