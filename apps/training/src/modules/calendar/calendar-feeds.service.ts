import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  SERVICE_CONFIG,
  UnprocessableError,
  ValidationFailedError,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import { createHash, randomBytes } from 'node:crypto';
import type { TrainingConfig } from '../../config';
import { ClubsService } from '../clubs/clubs.service';
import { GroupsService } from '../groups/groups.service';
import { isClubMember, TenantContext } from '../tenant-context/tenant-context';
import { CalendarFeedsRepository, FeedRow } from './calendar-feeds.repository';
import type {
  CalendarFeedListResponse,
  CalendarFeedResponse,
  CalendarFeedSecretResponse,
  CreateCalendarFeedRequest,
} from './dto/calendar-feed.dto';
import { FeedBodyCache } from './feed-body.cache';
import { renderFeed } from './ical-feed.renderer';

/** 256 random bits, base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Part of every ETag: a change of the rendering changes the tags of unchanged data too. */
const RENDER_VERSION = 'ics-1';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type FeedAnswer =
  { status: 304; etag: string } | { status: 200; etag: string; body: string };

/** Does an If-None-Match header (RFC 9110 §13.1.2, weak comparison) name `etag`? */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Secret calendar feed URLs: a personal feed of the units a profile leads or assists, and club
 * (or group) feeds for members. Tokens are stored as SHA-256 and shown once; rotating replaces
 * the URL, deleting revokes it, and a club feed stops answering when its owner leaves the club.
 */
@Injectable()
export class CalendarFeedsService {
  private readonly unitUrl: string;
  private readonly feedBase: string;
  private readonly bodies: FeedBodyCache;

  constructor(
    private readonly repo: CalendarFeedsRepository,
    private readonly clubs: ClubsService,
    private readonly groups: GroupsService,
    @Inject(SERVICE_CONFIG) config: TrainingConfig,
  ) {
    const base = config.PUBLIC_BASE_URL.replace(/\/+$/, '');
    this.feedBase = `${base}/api/calendar`;
    this.unitUrl = config.CALENDAR_UNIT_URL_TEMPLATE || `${base}/api/training-units/{id}`;
    this.bodies = new FeedBodyCache(config.CALENDAR_CACHE_MB * 1024 * 1024);
  }

  async list(ctx: TenantContext): Promise<CalendarFeedListResponse> {
    return { items: (await this.repo.listOf(ctx.profile_id)).map(toResponse) };
  }

  async create(
    ctx: TenantContext,
    body: CreateCalendarFeedRequest,
  ): Promise<CalendarFeedSecretResponse> {
    const clubId = body.scope === 'club' ? body.club_id! : null;
    const groupId = body.group_id ?? null;
    if (body.scope === 'personal' && (body.club_id || body.group_id)) {
      throw new ValidationFailedError('A personal feed names no club or group.', [
        { path: body.club_id ? 'club_id' : 'group_id', message: 'only for scope club' },
      ]);
    }
    if (clubId) {
      await this.clubs.findOrFail(clubId);
      if (!isClubMember(ctx, clubId)) {
        throw new ForbiddenError(
          'Only members of the club subscribe to its calendar.',
          'CLUB_MEMBERSHIP_REQUIRED',
        );
      }
      if (groupId && !(await this.groups.findInClub(groupId, clubId))) {
        throw new UnprocessableError('The group is not a group of the club.', 'UNKNOWN_GROUP', {
          errors: [{ path: 'group_id', message: 'not a group of the club' }],
        });
      }
    }
    const token = randomBytes(32).toString('base64url');
    const id = await this.repo.insert(ctx.profile_id, body.scope, clubId, groupId, hashOf(token));
    if (!id) {
      const existing = await this.repo.findIdOfScope(ctx.profile_id, body.scope, clubId, groupId);
      throw new ConflictError(
        'You already have this feed; rotate it for a new URL or delete it.',
        'CALENDAR_FEED_EXISTS',
        { extensions: { existing_id: existing } },
      );
    }
    return this.withUrl(await this.owned(ctx, id), token);
  }

  /** One of the caller's feeds (without its secret URL), with its version as ETag. */
  async get(ctx: TenantContext, id: string): Promise<CalendarFeedResponse> {
    const feed = await this.owned(ctx, id);
    return withEntityTag(toResponse(feed), feed.row_version);
  }

  /** With If-Match, only the version it names is rotated (412 otherwise, nothing changed). */
  async rotate(
    ctx: TenantContext,
    { id, ifMatch }: WriteTarget,
  ): Promise<CalendarFeedSecretResponse> {
    const token = randomBytes(32).toString('base64url');
    if (!(await this.repo.rotate(id, ctx.profile_id, hashOf(token), ifMatch)))
      throw new NotFoundError('Calendar feed', id);
    return this.withUrl(await this.owned(ctx, id), token);
  }

  /** With If-Match, only the version it names is deleted. */
  async remove(ctx: TenantContext, { id, ifMatch }: WriteTarget): Promise<void> {
    if (!(await this.repo.delete(id, ctx.profile_id, ifMatch)))
      throw new NotFoundError('Calendar feed', id);
  }

  /**
   * The iCalendar text of a token's feed, or 304 when `ifNoneMatch` names its current ETag. The
   * ETag comes from one digest query (no rows read); rows are read and rendered only when the
   * body for that ETag is not cached. Unknown, revoked and no longer allowed tokens answer 404.
   */
  async render(token: string, ifNoneMatch?: string): Promise<FeedAnswer> {
    const feed = TOKEN.test(token) ? await this.repo.resolve(hashOf(token)) : null;
    if (!feed || !feed.allowed) throw new NotFoundError('Calendar feed');
    const name = feedName(feed);
    const etagOf = (digest: string) =>
      `"${createHash('sha256').update(`${RENDER_VERSION}\n${name}\n${this.unitUrl}\n${digest}`).digest('base64url')}"`;
    const current = etagOf(await this.repo.digest(feed.id));
    if (matchesEtag(ifNoneMatch, current)) return { status: 304, etag: current };
    const cached = this.bodies.get(feed.id, current);
    if (cached !== null) return { status: 200, etag: current, body: cached };
    const { digest, rows } = await this.repo.units(feed.id);
    const etag = etagOf(digest);
    if (matchesEtag(ifNoneMatch, etag)) return { status: 304, etag };
    const body = renderFeed(rows, { name, unitUrlTemplate: this.unitUrl });
    this.bodies.set(feed.id, etag, body);
    return { status: 200, etag, body };
  }

  private async owned(ctx: TenantContext, id: string): Promise<FeedRow> {
    const feed = await this.repo.findOwned(id, ctx.profile_id);
    if (!feed) throw new NotFoundError('Calendar feed', id);
    return feed;
  }

  private withUrl(feed: FeedRow, token: string): CalendarFeedSecretResponse {
    return withEntityTag(
      { ...toResponse(feed), url: `${this.feedBase}/${token}.ics` },
      feed.row_version,
    );
  }
}

function feedName(feed: FeedRow): string {
  if (feed.scope === 'personal') return 'My trainings';
  return feed.group_name ? `${feed.club_name} – ${feed.group_name}` : `${feed.club_name}`;
}

function toResponse(f: FeedRow): CalendarFeedResponse {
  return {
    id: f.id,
    scope: f.scope,
    club_id: f.club_id,
    club_name: f.club_name,
    group_id: f.group_id,
    group_name: f.group_name,
    created_at: new Date(f.created_at).toISOString(),
    rotated_at: f.rotated_at ? new Date(f.rotated_at).toISOString() : null,
  };
}
