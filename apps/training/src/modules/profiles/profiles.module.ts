import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule } from '@sports/common';
import { Profile } from './profile.entity';
import { ProfileResolver } from './profile-resolver.service';
import { ProfilesController } from './profiles.controller';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

@FeatureModule({
  name: 'profiles',
  version: '1.7.0',
  imports: [TypeOrmModule.forFeature([Profile])],
  controllers: [ProfilesController],
  providers: [ProfilesRepository, ProfileResolver, ProfilesService],
  exports: [ProfilesRepository, ProfileResolver, ProfilesService],
})
export class ProfilesModule {}
