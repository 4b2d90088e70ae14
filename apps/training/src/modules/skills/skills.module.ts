import { FeatureModule } from '@sports/common';
import { SkillsController } from './skills.controller';
import { SkillsRepository } from './skills.repository';
import { SkillsService } from './skills.service';

/**
 * Module `skills`: the skill catalog (grouped by skill category) and the ordered skill levels
 * basis < grundlagen < aufbau < vertiefung < optimierung used by exercise skills.
 */
@FeatureModule({
  name: 'skills',
  version: '0.1.0',
  controllers: [SkillsController],
  providers: [SkillsRepository, SkillsService],
  exports: [SkillsService],
})
export class SkillsModule {}
