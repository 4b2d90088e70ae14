import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule } from '@sports/common';
import { TenantContextModule } from '../tenant-context/tenant-context.module';
import { Profile } from './profile.entity';
import { ProfilesController } from './profiles.controller';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

/**
 * Module `profiles`: accounts and their fields. It imports only the tenant context (the
 * caller's clubs); club modules, membership tiers and user administration build on it through
 * ProfilesService. The repository stays exported for the auth module until the auth branch
 * reads through the service (KNOWN_EXCEPTIONS in .dependency-cruiser.cjs).
 */
@FeatureModule({
  name: 'profiles',
  version: '1.7.0',
  imports: [TypeOrmModule.forFeature([Profile]), TenantContextModule],
  controllers: [ProfilesController],
  providers: [ProfilesRepository, ProfilesService],
  exports: [ProfilesService],
})
export class ProfilesModule {}
