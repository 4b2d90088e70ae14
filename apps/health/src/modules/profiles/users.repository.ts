import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { User, UserRole } from './user.entity';

/** The only place with queries on `users`. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** With the password hash, for sign-in only. */
  findByEmailWithSecret(email: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  emailTaken(email: string, manager: EntityManager): Promise<boolean> {
    return manager
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getExists();
  }

  count(manager: EntityManager): Promise<number> {
    return manager.getRepository(User).count();
  }

  async insert(
    manager: EntityManager,
    values: { email: string; passwordHash: string; displayName: string | null; role: UserRole },
  ): Promise<User> {
    const repo = manager.getRepository(User);
    const saved = await repo.save(repo.create({ ...values, tier: 'free', isActive: true }));
    return repo.findOneByOrFail({ id: saved.id });
  }
}
