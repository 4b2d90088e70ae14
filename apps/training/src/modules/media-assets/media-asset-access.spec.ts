import type { TenantContext } from '../tenant-context/tenant-context';
import {
  canEditAsset,
  expiredForRetention,
  hasLifecycleRight,
  lifecycleTarget,
} from './media-asset-access';

const CLUB = '11111111-1111-4111-8111-111111111111';
const ctx = (role: string, clubRoles: string[] = [], id = 'me'): TenantContext =>
  ({
    profile_id: id,
    role,
    effective_club_id: clubRoles.length ? CLUB : null,
    club_roles: clubRoles,
    memberships: new Map(clubRoles.length ? [[CLUB, clubRoles]] : []),
  }) as unknown as TenantContext;

describe('media asset rights', () => {
  const own = {
    visibility: 'private',
    club_id: null,
    owner_profile_id: 'me',
    lifecycle: 'active',
  } as const;
  const club = {
    visibility: 'club',
    club_id: CLUB,
    owner_profile_id: 'other',
    lifecycle: 'active',
  } as const;
  const official = {
    visibility: 'official',
    club_id: null,
    owner_profile_id: 'me',
    lifecycle: 'active',
  } as const;

  it('gives the lifecycle right to the owner (private), club admins (club) and the platform', () => {
    expect(hasLifecycleRight(ctx('user'), own)).toBe(true);
    expect(hasLifecycleRight(ctx('user', ['trainer']), club)).toBe(false);
    expect(hasLifecycleRight(ctx('user', ['club_admin']), club)).toBe(true);
    expect(hasLifecycleRight(ctx('admin'), club)).toBe(true);
  });

  it('keeps official assets to the superadmin, even for their uploader', () => {
    expect(hasLifecycleRight(ctx('admin'), official)).toBe(false);
    expect(canEditAsset(ctx('user'), official)).toBe(false);
    expect(hasLifecycleRight(ctx('superadmin'), official)).toBe(true);
  });

  it('maps actions to states', () => {
    expect(lifecycleTarget('active', 'trash_soft')).toBe('trash_soft');
    expect(lifecycleTarget('trash_soft', 'trash_hidden')).toBe('trash_hidden');
    expect(lifecycleTarget('trash_hidden', 'reactivate')).toBe('active');
    expect(lifecycleTarget('active', 'recover')).toBeNull();
    expect(lifecycleTarget('trash_soft', 'trash_soft')).toBeNull();
    expect(lifecycleTarget('active', 'purge')).toBe('purged');
  });
});

describe('expiredForRetention', () => {
  const now = new Date('2026-05-08T12:00:00Z');
  const daysAgo = (d: number): Date => new Date(now.getTime() - d * 86_400_000);

  it('selects only trash_hidden assets older than the retention period', () => {
    const assets = [
      { id: 'old-hidden', lifecycle: 'trash_hidden' as const, lifecycle_changed_at: daysAgo(31) },
      { id: 'young-hidden', lifecycle: 'trash_hidden' as const, lifecycle_changed_at: daysAgo(29) },
      { id: 'old-soft', lifecycle: 'trash_soft' as const, lifecycle_changed_at: daysAgo(300) },
      { id: 'active', lifecycle: 'active' as const, lifecycle_changed_at: daysAgo(300) },
    ];
    expect(expiredForRetention(assets, now, 30).map((a) => a.id)).toEqual(['old-hidden']);
    expect(expiredForRetention(assets, now, 0).map((a) => a.id)).toEqual([
      'old-hidden',
      'young-hidden',
    ]);
  });
});
