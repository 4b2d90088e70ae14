import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule } from '@sports/common';
import { Profile } from './profile.entity';
import { ProfileResolver } from './profile-resolver.service';
import { ProfilesRepository } from './profiles.repository';

@FeatureModule({
  name: 'profiles',
  version: '1.7.0',
  imports: [TypeOrmModule.forFeature([Profile])],
  providers: [ProfilesRepository, ProfileResolver],
  exports: [ProfilesRepository, ProfileResolver],
})
export class ProfilesModule {}
