import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule } from '@sports/common';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';
import { User } from './user.entity';
import { UserResolver } from './user-resolver.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@FeatureModule({
  name: 'profiles',
  version: '1.1.0',
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [ProfilesController],
  providers: [UsersRepository, UsersService, UserResolver, ProfilesService],
  exports: [UsersService, UserResolver],
})
export class ProfilesModule {}
