import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Group } from './group.entity';

export type GroupValues = Pick<
  Group,
  'name' | 'defaultLeadTrainerProfileId' | 'defaultAssistantTrainerProfileIds'
>;

/** The only place with queries on `groups`. */
@Injectable()
export class GroupsRepository {
  constructor(@InjectRepository(Group) private readonly groups: Repository<Group>) {}

  findById(id: string): Promise<Group | null> {
    return this.groups.findOneBy({ id });
  }

  findInClub(id: string, clubId: string): Promise<Group | null> {
    return this.groups.findOneBy({ id, clubId });
  }

  async listByClub(
    clubId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: Group[]; total: number }> {
    const [rows, total] = await this.groups
      .createQueryBuilder('g')
      .where('g.club_id = :clubId', { clubId })
      .orderBy('lower(g.name)')
      .addOrderBy('g.id')
      .take(page.limit)
      .skip(page.offset)
      .getManyAndCount();
    return { rows, total };
  }

  insert(clubId: string, values: GroupValues): Promise<Group> {
    return this.groups.save(this.groups.create({ clubId, ...values }));
  }

  async update(id: string, values: Partial<GroupValues>): Promise<void> {
    await this.groups.update({ id }, values);
  }

  async delete(id: string): Promise<void> {
    await this.groups.delete({ id });
  }
}
