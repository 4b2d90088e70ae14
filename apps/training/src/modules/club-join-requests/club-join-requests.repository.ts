import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { ClubJoinRequest, JoinRequestStatus } from './club-join-request.entity';

/** The only place with queries on `club_join_requests`. */
@Injectable()
export class ClubJoinRequestsRepository {
  constructor(
    @InjectRepository(ClubJoinRequest) private readonly requests: Repository<ClubJoinRequest>,
  ) {}

  findById(clubId: string, id: string): Promise<ClubJoinRequest | null> {
    return this.requests.findOneBy({ clubId, id });
  }

  /** Locks the row so that concurrent accepts and rejects see one decision. */
  findForUpdate(
    manager: EntityManager,
    clubId: string,
    id: string,
  ): Promise<ClubJoinRequest | null> {
    return manager
      .getRepository(ClubJoinRequest)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.club_id = :clubId AND r.id = :id', { clubId, id })
      .getOne();
  }

  findPending(
    clubId: string,
    profileId: string,
    manager?: EntityManager,
  ): Promise<ClubJoinRequest | null> {
    return (manager?.getRepository(ClubJoinRequest) ?? this.requests).findOneBy({
      clubId,
      profileId,
      status: 'pending',
    });
  }

  async list(
    filter: { clubId?: string; profileId?: string; status?: JoinRequestStatus },
    page: { limit: number; offset: number },
  ): Promise<{ rows: ClubJoinRequest[]; total: number }> {
    const where: Partial<Pick<ClubJoinRequest, 'clubId' | 'profileId' | 'status'>> = {};
    if (filter.clubId) where.clubId = filter.clubId;
    if (filter.profileId) where.profileId = filter.profileId;
    if (filter.status) where.status = filter.status;
    const [rows, total] = await this.requests.findAndCount({
      where,
      order: { createdAt: 'DESC', id: 'ASC' },
      take: page.limit,
      skip: page.offset,
    });
    return { rows, total };
  }

  async insert(
    manager: EntityManager,
    values: { clubId: string; profileId: string; message: string | null },
  ): Promise<ClubJoinRequest> {
    const repo = manager.getRepository(ClubJoinRequest);
    return repo.save(repo.create({ ...values, status: 'pending' }));
  }

  async decide(
    manager: EntityManager,
    id: string,
    status: Exclude<JoinRequestStatus, 'pending'>,
    decidedBy: string,
  ): Promise<void> {
    await manager
      .getRepository(ClubJoinRequest)
      .update({ id }, { status, decidedByProfileId: decidedBy, decidedAt: () => 'now()' });
  }
}
