import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Profile, ProfileRole } from './profile.entity';

/** The only place with queries on `profiles`. */
@Injectable()
export class ProfilesRepository {
  constructor(@InjectRepository(Profile) private readonly profiles: Repository<Profile>) {}

  findById(id: string): Promise<Profile | null> {
    return this.profiles.findOneBy({ id });
  }

  /** With the PIN hash, for sign-in only. */
  findByEmailWithSecret(email: string): Promise<Profile | null> {
    return this.profiles
      .createQueryBuilder('p')
      .addSelect('p.pinHash')
      .where('lower(p.email) = lower(:email)', { email })
      .getOne();
  }

  async emailTaken(email: string, manager: EntityManager): Promise<boolean> {
    return manager
      .getRepository(Profile)
      .createQueryBuilder('p')
      .where('lower(p.email) = lower(:email)', { email })
      .getExists();
  }

  count(manager: EntityManager): Promise<number> {
    return manager.getRepository(Profile).count();
  }

  async insert(
    manager: EntityManager,
    values: { name: string; email: string; pinHash: string; role: ProfileRole },
  ): Promise<Profile> {
    const repo = manager.getRepository(Profile);
    const saved = await repo.save(repo.create({ ...values, tier: 'free', exerciseListPrefs: {} }));
    return (await repo.findOneByOrFail({ id: saved.id })) as Profile;
  }
}
