import { defineErrors } from '@sports/common';

/**
 * The training service's own error codes (the common ones, VALIDATION_FAILED, NOT_FOUND,
 * RESOURCE_IN_USE, UNSUPPORTED_MEDIA_TYPE, …, come from `COMMON_ERRORS`). Every code a
 * `DomainError` of this service carries is a key of this catalogue or of the common one; the
 * OpenAPI document and the README table are built from it.
 */
export const TRAINING_ERRORS = defineErrors({
  // 403: the caller is signed in but may not do this.
  CLUB_MEMBERSHIP_REQUIRED: {
    status: 403,
    title: 'Club membership required',
    description:
      'The action concerns club content (an exercise, media asset, planning content, trainer context or calendar feed of a club) and the caller is not a member of that club. Join the club or pick a club the caller belongs to.',
  },
  CLUB_TRAINER_REQUIRED: {
    status: 403,
    title: 'Club trainer required',
    description:
      'Only trainers and club admins of the club create training programs and training units. Ask a club admin for the trainer role.',
  },
  CLUB_CONTEXT_FORBIDDEN: {
    status: 403,
    title: 'Club context forbidden',
    description:
      '`X-Active-Club-Id` names a club the caller cannot act in (not a member, or the club does not exist). Send a club of the caller’s memberships, or none.',
  },
  CLUB_FILTER_FORBIDDEN: {
    status: 403,
    title: 'Club filter forbidden',
    description:
      'Only a superadmin filters the media library by `club_id`. Others list without the filter (they see their own clubs’ media).',
  },
  OFFICIAL_CONTENT_FORBIDDEN: {
    status: 403,
    title: 'Official content forbidden',
    description:
      'Official content is created, changed and taken back only by platform staff (a superadmin for exercises and media assets, a platform admin for planning content); everybody else sees it read-only.',
  },
  SUPERADMIN_REQUIRED: {
    status: 403,
    title: 'Superadmin required',
    description:
      'Only a superadmin may do this: change or delete a superadmin, assign the superadmin role, purge media or force a media lifecycle action.',
  },
  PRIVATE_REQUIRES_OWNER: {
    status: 403,
    title: 'Private requires owner',
    description:
      'Only the owner of an exercise or media asset may make it private (a platform admin may too).',
  },
  ROLE_CHANGE_FORBIDDEN: {
    status: 403,
    title: 'Role change forbidden',
    description:
      'Only platform admins change the `role` or `tier` of a profile. Leave both out of the request.',
  },
  MEDIA_LIFECYCLE_FORBIDDEN: {
    status: 403,
    title: 'Media lifecycle forbidden',
    description:
      'The lifecycle (trash, reactivate, purge) of this media asset belongs to its owner (private assets), the club’s admins (club assets) or the platform.',
  },
  BULK_FORBIDDEN: {
    status: 403,
    title: 'Bulk change forbidden',
    description:
      'Some items of a bulk change (exercises or media assets) may not be changed by the caller; `errors[]` names them by index and nothing was changed. Leave them out and retry.',
  },
  PRIVATE_EXERCISE_LIMIT_REACHED: {
    status: 403,
    title: 'Private exercise limit reached',
    description:
      'The caller’s membership tier allows no more private exercises (`tier`, `max_private_exercises` and `private_exercises` say how many). Delete some, share them with a club or upgrade the tier.',
  },

  // 409: the request conflicts with the current state.
  NAME_TAKEN: {
    status: 409,
    title: 'Name taken',
    description:
      'The caller already has a saved exercise search or a trainer context of this name. Choose another name.',
  },
  SLUG_TAKEN: {
    status: 409,
    title: 'Slug taken',
    description:
      'Another catalog entry, skill, method or maturity model has this slug. Choose another slug (or leave it out to have one derived from the name).',
  },
  STYLE_TARGET_GROUP_LINK_EXISTS: {
    status: 409,
    title: 'Link exists',
    description: 'This style direction and target group are already linked.',
  },
  DUPLICATE_EDGE: {
    status: 409,
    title: 'Duplicate edge',
    description:
      'A progression graph already has an edge between these exercises (and variants); nothing was written.',
  },
  DUPLICATE_BINDING: {
    status: 409,
    title: 'Duplicate binding',
    description: 'The maturity model already has this binding.',
  },
  MEDIA_ASSET_DUPLICATE: {
    status: 409,
    title: 'Duplicate media asset',
    description:
      'An asset with the same content, visibility and club exists (`asset_id` names it). Link that asset instead.',
  },
  MEDIA_ASSET_IN_TRASH: {
    status: 409,
    title: 'Media asset in trash',
    description:
      'The uploaded content matches a media asset in trash (`asset_id`, `lifecycle`). Reactivate it (POST /api/media-assets/{id}/lifecycle `{"action":"reactivate"}`), then link it.',
  },
  MEDIA_LIFECYCLE_INVALID: {
    status: 409,
    title: 'Lifecycle action does not apply',
    description:
      'The lifecycle action does not apply to the asset’s current state (e.g. purging an active asset, trashing one in trash). A superadmin may force it.',
  },
  BULK_LIFECYCLE_REFUSED: {
    status: 409,
    title: 'Bulk lifecycle refused',
    description:
      'Some assets of a bulk lifecycle request cannot take the action (`errors[]` names each with its own code); nothing was changed.',
  },
  LAST_SUPERADMIN: {
    status: 409,
    title: 'Last superadmin',
    description:
      'The change would leave the platform without a superadmin. Appoint another one first.',
  },
  LAST_CLUB_ADMIN: {
    status: 409,
    title: 'Last club admin',
    description:
      'The change would leave the club without a club admin. Make another member club admin first.',
  },
  ALREADY_MEMBER: {
    status: 409,
    title: 'Already a member',
    description: 'The profile is already a member of the club.',
  },
  JOIN_REQUEST_PENDING: {
    status: 409,
    title: 'Join request pending',
    description: 'The caller already has a pending join request for this club.',
  },
  JOIN_REQUEST_ACCEPTED: {
    status: 409,
    title: 'Join request accepted',
    description:
      'The join request was already accepted and cannot be rejected; remove the member instead.',
  },
  JOIN_REQUEST_REJECTED: {
    status: 409,
    title: 'Join request rejected',
    description: 'The join request was rejected and cannot be accepted; a new one may be filed.',
  },
  CALENDAR_FEED_EXISTS: {
    status: 409,
    title: 'Calendar feed exists',
    description:
      'The caller already has a feed of this scope, club and group. Rotate it for a new URL or delete it.',
  },
  WIKI_IMPORT_RUNNING: {
    status: 409,
    title: 'Wiki import running',
    description:
      'An import from this wiki is already running (`job_id` names it). Wait for it or cancel it.',
  },
  WIKI_IMPORT_ENDED: {
    status: 409,
    title: 'Wiki import ended',
    description: 'The import job has ended and can no longer be cancelled.',
  },
  WIKI_PAGE_ALREADY_IMPORTED: {
    status: 409,
    title: 'Wiki page already imported',
    description:
      'A wiki page was imported as another exercise meanwhile (reported per page in the import job).',
  },

  // 413: too large.
  STORAGE_QUOTA_EXCEEDED: {
    status: 413,
    title: 'Storage quota exceeded',
    description:
      'The upload would exceed the storage quota of the caller’s tier (`tier`, `quota_bytes`, `used_bytes`). Purge media or upgrade the tier.',
  },

  // 422: the request is well-formed but refers to something that cannot be used for it.
  CLUB_REQUIRED: {
    status: 422,
    title: 'Club required',
    description:
      'Club content (exercise, media asset, planning content, training program or unit) needs a club: send `club_id` or choose an active club with `X-Active-Club-Id`.',
  },
  CLUB_NOT_ALLOWED: {
    status: 422,
    title: 'Club not allowed',
    description: 'Official media have no club; leave `club_id` out.',
  },
  UNKNOWN_CLUB: {
    status: 422,
    title: 'Unknown club',
    description: 'The `club_id` of the request names no club.',
  },
  UNKNOWN_PROFILE: {
    status: 422,
    title: 'Unknown profile',
    description: 'The profile id of the request names no profile.',
  },
  UNKNOWN_GROUP: {
    status: 422,
    title: 'Unknown group',
    description: 'The `group_id` of the request names no group of the club.',
  },
  UNKNOWN_CATALOG_ENTRY: {
    status: 422,
    title: 'Unknown catalog entry',
    description:
      'Some catalog ids of the request (focus areas, skill categories, style directions, target groups, …) do not exist; `errors[]` names them.',
  },
  UNKNOWN_SKILL: {
    status: 422,
    title: 'Unknown skill',
    description:
      'Some skills of a maturity model do not exist or are listed twice; `errors[]` names them.',
  },
  UNKNOWN_MEDIA_ASSET: {
    status: 422,
    title: 'Unknown media asset',
    description:
      'Some media assets are unknown or not visible to the caller; `errors[]` names them.',
  },
  UNKNOWN_PLAN_TEMPLATE: {
    status: 422,
    title: 'Unknown plan template',
    description: 'The plan template does not exist or is not visible to the caller.',
  },
  UNKNOWN_FRAMEWORK_SLOT: {
    status: 422,
    title: 'Unknown framework slot',
    description: 'Some slot ids are not slots of the framework program; `errors[]` names them.',
  },
  UNKNOWN_EDGE: {
    status: 422,
    title: 'Unknown edge',
    description: 'Some ids are not edges of this progression graph; `errors[]` names them.',
  },
  EXERCISE_NOT_VISIBLE: {
    status: 422,
    title: 'Exercise not visible',
    description:
      'Some referenced exercises do not exist or are not visible to the caller; `errors[]` names them.',
  },
  SELF_EDGE: {
    status: 422,
    title: 'Self edge',
    description: 'A progression step cannot lead to itself.',
  },
  NAME_REQUIRED: {
    status: 422,
    title: 'Name required',
    description: 'A trainer context needs a name.',
  },
  NOT_A_CLUB_MEMBER: {
    status: 422,
    title: 'Not a club member',
    description: 'The primary admin of a club must be a member of the club.',
  },
  ACTIVE_CLUB_NOT_A_MEMBERSHIP: {
    status: 422,
    title: 'Active club not a membership',
    description: '`active_club_id` must name a club the profile is a member of.',
  },
  INVALID_GROUP_TRAINER: {
    status: 422,
    title: 'Invalid group trainer',
    description:
      'Default trainers of a group must be trainers or club admins of the group’s club; `errors[]` names the others.',
  },
  INVALID_UNIT_TRAINER: {
    status: 422,
    title: 'Invalid unit trainer',
    description:
      'Trainers of a training unit must be members of the club of its group; `errors[]` names the others.',
  },
  INVALID_PROGRAM: {
    status: 422,
    title: 'Invalid program',
    description:
      'The training program does not fit its club (groups or units of another club); `errors[]` names them.',
  },
  INLINE_MEDIA_ON_CREATE: {
    status: 422,
    title: 'Inline media on create',
    description:
      'Inline media markers can only be used once media is linked; create the exercise first, link media, then use the markers.',
  },
  INLINE_MEDIA_NOT_LINKED: {
    status: 422,
    title: 'Inline media not linked',
    description:
      'Inline media markers may only reference media linked to this exercise; `errors[]` names the others.',
  },
  OFFICIAL_MEDIA_ASSET_INACTIVE: {
    status: 422,
    title: 'Official media asset inactive',
    description:
      'An official exercise needs every attached media asset active; reactivate or unlink the others.',
  },
  CLUB_MEDIA_ASSET_INACTIVE: {
    status: 422,
    title: 'Club media asset inactive',
    description:
      'A club exercise needs every attached media asset active; reactivate or unlink the others.',
  },
  CLUB_MEDIA_COPYRIGHT_MISSING: {
    status: 422,
    title: 'Club media copyright missing',
    description:
      'A club exercise needs a copyright notice on every attached file asset: send `copyright_notice` with the medium or `default_club_media_copyright` with the exercise.',
  },
  CLUB_MEDIA_COPYRIGHT_TOO_SHORT: {
    status: 422,
    title: 'Club media copyright too short',
    description: 'Copyright notices of club media need at least 3 characters.',
  },
  INVALID_WIKI_URL: {
    status: 422,
    title: 'Invalid wiki URL',
    description: '`api_url` is not an http(s) URL without credentials.',
  },
  WIKI_HOST_NOT_ALLOWED: {
    status: 422,
    title: 'Wiki host not allowed',
    description: 'The wiki host is not in the deployment’s `WIKI_ALLOWED_HOSTS`.',
  },
  WIKI_UNREACHABLE: {
    status: 422,
    title: 'Wiki unreachable',
    description: 'The wiki did not answer. Check `api_url` and retry later.',
  },
  WIKI_BAD_RESPONSE: {
    status: 422,
    title: 'Bad wiki response',
    description:
      'The wiki answered an error, a non-JSON or a too large body. Check `api_url` and the page.',
  },
  UNKNOWN_FORMAT: {
    status: 422,
    title: 'Unknown format',
    description: 'The matrix stack document has an unknown `format`.',
  },
  INVALID_MATRIX_STACK: {
    status: 422,
    title: 'Invalid matrix stack',
    description:
      'The matrix stack document has invalid references (`errors[]`); nothing was imported.',
  },
  INVALID_LEVELS: {
    status: 422,
    title: 'Invalid levels',
    description: 'The levels of a maturity model must be unique; `errors[]` names the repeats.',
  },
  INVALID_MATRIX_CELL: {
    status: 422,
    title: 'Invalid matrix cell',
    description:
      'Matrix cells must name a skill and a level of the model, once each; `errors[]` names the others.',
  },
});

type TrainingErrorCodes = Record<keyof typeof TRAINING_ERRORS, true>;

declare module '@sports/common' {
  interface ErrorCodes extends TrainingErrorCodes {}
}
