import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { NotFoundError, updateChangedColumns } from '@sports/common';
import { Club } from './club.entity';

export interface ClubValues {
  name: string;
  description: string | null;
  city: string | null;
  isListed: boolean;
  timeZone: string;
  primaryAdminProfileId: string | null;
}

/** The only place with queries on `clubs`. */
@Injectable()
export class ClubsRepository {
  constructor(@InjectRepository(Club) private readonly clubs: Repository<Club>) {}

  findById(id: string, manager?: EntityManager): Promise<Club | null> {
    return (manager?.getRepository(Club) ?? this.clubs).findOneBy({ id });
  }

  async list(
    filter: { ids?: string[]; listedOnly?: boolean; search?: string },
    page: { limit: number; offset: number },
  ): Promise<{ rows: Club[]; total: number }> {
    const qb = this.clubs.createQueryBuilder('c');
    if (filter.ids)
      qb.andWhere('c.id IN (:...ids)', { ids: filter.ids.length ? filter.ids : [null] });
    if (filter.listedOnly) qb.andWhere('c.is_listed');
    if (filter.search) {
      qb.andWhere(`(c.name ILIKE :s OR c.city ILIKE :s)`, {
        s: `%${filter.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`,
      });
    }
    const [rows, total] = await qb
      .orderBy('lower(c.name)')
      .addOrderBy('c.id')
      .take(page.limit)
      .skip(page.offset)
      .getManyAndCount();
    return { rows, total };
  }

  async insert(manager: EntityManager, values: ClubValues): Promise<Club> {
    const repo = manager.getRepository(Club);
    return repo.save(repo.create(values));
  }

  /** Values equal to the stored ones are no write: the club keeps its version. */
  async update(manager: EntityManager, id: string, values: Partial<ClubValues>): Promise<void> {
    await updateChangedColumns(
      manager.getRepository(Club),
      { id },
      values,
      () => new NotFoundError('Club', id),
    );
  }

  async delete(id: string, manager?: EntityManager): Promise<void> {
    await (manager?.getRepository(Club) ?? this.clubs).delete({ id });
  }
}
