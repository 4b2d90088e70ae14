import { Module } from '@nestjs/common';
import { PhotosModule } from '../photos/photos.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

/**
 * The owner's own account: password change and account deletion. A plain module (not in the
 * version table) above profiles and photos, whose data it changes through their services.
 */
@Module({
  imports: [ProfilesModule, PhotosModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
