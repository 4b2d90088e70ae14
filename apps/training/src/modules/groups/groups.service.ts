import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  FieldError,
  ForbiddenError,
  NotFoundError,
  pageOf,
  PageQuery,
  UnprocessableError,
  withEntityTag,
  WriteTarget,
} from '@sports/common';
import { ClubMembershipsService } from '../club-memberships/club-memberships.service';
import {
  canAdministerClub,
  canReadClub,
  hasClubRole,
  TenantContext,
} from '../tenant-context/tenant-context';
import {
  CreateGroupRequest,
  GroupListResponse,
  GroupResponse,
  toGroupResponse,
  UpdateGroupRequest,
} from './dto/group.dto';
import type { Group } from './group.entity';
import { GroupsRepository, GroupValues } from './groups.repository';

/**
 * Training groups of a club. Members read; club admins and platform admins write; a trainer
 * who is a group's default lead may edit that group (not create or delete groups).
 */
@Injectable()
export class GroupsService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly memberships: ClubMembershipsService,
  ) {}

  /** For training units: the group when it belongs to `clubId`, else null. */
  findInClub(groupId: string, clubId: string): Promise<Group | null> {
    return this.groups.findInClub(groupId, clubId);
  }

  async list(ctx: TenantContext, clubId: string, query: PageQuery): Promise<GroupListResponse> {
    await this.memberships.requireClub(ctx, clubId, 'read');
    const page = pageOf(query);
    const { rows, total } = await this.groups.listByClub(clubId, page);
    return { items: rows.map(toGroupResponse), total, ...page };
  }

  async get(ctx: TenantContext, groupId: string): Promise<GroupResponse> {
    const group = await this.findOrFail(groupId);
    if (!canReadClub(ctx, group.clubId)) {
      throw new ForbiddenError('Only members of the club may see its groups.');
    }
    return respond(group);
  }

  async create(
    ctx: TenantContext,
    clubId: string,
    body: CreateGroupRequest,
  ): Promise<GroupResponse> {
    await this.memberships.requireClub(ctx, clubId, 'administer');
    const values: GroupValues = {
      name: body.name,
      defaultLeadTrainerProfileId: body.default_lead_trainer_profile_id ?? null,
      defaultAssistantTrainerProfileIds: body.default_assistant_trainer_profile_ids ?? [],
    };
    await this.assertTrainers(clubId, values);
    const created = await this.groups.insert(clubId, values);
    return respond(await this.findOrFail(created.id));
  }

  /** With If-Match, only the version it names is changed (412 otherwise, nothing written). */
  async update(
    ctx: TenantContext,
    { id: groupId, ifMatch }: WriteTarget,
    body: UpdateGroupRequest,
  ): Promise<GroupResponse> {
    const group = await this.findOrFail(groupId);
    const isLead =
      group.defaultLeadTrainerProfileId === ctx.profile_id &&
      hasClubRole(ctx, group.clubId, 'trainer');
    if (!canAdministerClub(ctx, group.clubId) && !isLead) {
      throw new ForbiddenError(
        'Only club admins, platform admins and the group’s lead trainer may change it.',
      );
    }
    assertIfMatch(ifMatch, group.rowVersion);
    const values: GroupValues = {
      name: body.name ?? group.name,
      defaultLeadTrainerProfileId:
        body.default_lead_trainer_profile_id !== undefined
          ? body.default_lead_trainer_profile_id
          : group.defaultLeadTrainerProfileId,
      defaultAssistantTrainerProfileIds:
        body.default_assistant_trainer_profile_ids ?? group.defaultAssistantTrainerProfileIds,
    };
    await this.assertTrainers(group.clubId, values);
    await this.groups.update(groupId, values, ifMatch);
    return respond(await this.findOrFail(groupId));
  }

  async remove(ctx: TenantContext, { id: groupId, ifMatch }: WriteTarget): Promise<void> {
    const group = await this.findOrFail(groupId);
    if (!canAdministerClub(ctx, group.clubId)) {
      throw new ForbiddenError('Only club admins of this club or platform admins may do this.');
    }
    assertIfMatch(ifMatch, group.rowVersion);
    await this.groups.delete(groupId, ifMatch);
  }

  private async findOrFail(groupId: string): Promise<Group> {
    const group = await this.groups.findById(groupId);
    if (!group) throw new NotFoundError('Group', groupId);
    return group;
  }

  /** Default trainers must be members of the club holding the trainer or club_admin role. */
  private async assertTrainers(clubId: string, values: GroupValues): Promise<void> {
    const lead = values.defaultLeadTrainerProfileId;
    const assistants = values.defaultAssistantTrainerProfileIds;
    const ids = [...new Set([...(lead ? [lead] : []), ...assistants])];
    const roles = await this.memberships.rolesOfProfiles(clubId, ids);
    const isTrainer = (id: string): boolean =>
      (roles.get(id) ?? []).some((r) => r === 'trainer' || r === 'club_admin');
    const errors: FieldError[] = [];
    if (lead && !isTrainer(lead)) {
      errors.push({
        path: 'default_lead_trainer_profile_id',
        message: 'not a trainer or club admin of this club',
      });
    }
    assistants.forEach((id, i) => {
      if (!isTrainer(id)) {
        errors.push({
          path: `default_assistant_trainer_profile_ids.${i}`,
          message: 'not a trainer or club admin of this club',
        });
      } else if (id === lead) {
        errors.push({
          path: `default_assistant_trainer_profile_ids.${i}`,
          message: 'the lead trainer cannot also be an assistant',
        });
      }
    });
    if (errors.length) {
      throw new UnprocessableError(
        'Default trainers must be trainers or club admins of the group’s club.',
        'INVALID_GROUP_TRAINER',
        { errors },
      );
    }
  }
}

const respond = (group: Group): GroupResponse =>
  withEntityTag(toGroupResponse(group), group.rowVersion);
