import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IfMatch, lockedWrite, NotFoundError, updateChangedColumns } from '@sports/common';
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

  /**
   * With `ifMatch`, only the version it names is written (row locked and checked first).
   * Values equal to the stored ones are no write: the group keeps its version.
   */
  async update(id: string, values: Partial<GroupValues>, ifMatch?: IfMatch): Promise<void> {
    await lockedWrite(this.groups.manager, groupKey(id), ifMatch, groupNotFound(id), (m) =>
      updateChangedColumns(m.getRepository(Group), { id }, values, groupNotFound(id)),
    );
  }

  /** With `ifMatch`, only the version it names is deleted. */
  async delete(id: string, ifMatch?: IfMatch): Promise<void> {
    await lockedWrite(this.groups.manager, groupKey(id), ifMatch, groupNotFound(id), (m) =>
      m.getRepository(Group).delete({ id }),
    );
  }
}

const groupKey = (id: string) => ({ table: 'groups', where: { id } });
const groupNotFound = (id: string) => () => new NotFoundError('Group', id);
