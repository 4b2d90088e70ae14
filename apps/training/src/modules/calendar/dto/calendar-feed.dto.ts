import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import type { FeedScope } from '../calendar-feeds.repository';

export const FEED_SCOPES: readonly FeedScope[] = ['personal', 'club'];

export class CreateCalendarFeedRequest {
  @ApiProperty({
    enum: FEED_SCOPES,
    description:
      'personal: the units you lead or assist, across your clubs; club: the units of a club (or of one group) you are a member of',
  })
  @IsIn(FEED_SCOPES)
  scope!: FeedScope;

  @ApiPropertyOptional({ format: 'uuid', description: 'required for scope club' })
  @ValidateIf((o: CreateCalendarFeedRequest) => o.scope === 'club' || o.club_id !== undefined)
  @IsUUID()
  club_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'scope club only: one group of the club' })
  @IsOptional()
  @IsUUID()
  group_id?: string;
}

export class CalendarFeedResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: FEED_SCOPES }) scope!: FeedScope;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) club_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) club_name!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) group_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) group_name!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty({ nullable: true, type: String }) rotated_at!: string | null;
}

/** Answered once, on creation and rotation: the token is stored only as its hash. */
export class CalendarFeedSecretResponse extends CalendarFeedResponse {
  @ApiProperty({
    example: 'https://training.example.org/api/calendar/3q2-bH0x….ics',
    description:
      'The secret subscription URL; anyone holding it reads the feed until it is rotated or deleted',
  })
  url!: string;
}

export class CalendarFeedListResponse {
  @ApiProperty({ type: [CalendarFeedResponse] }) items!: CalendarFeedResponse[];
}
