import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import {
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Public } from '@sports/common';
import type { Response } from 'express';
import { CalendarFeedsService } from './calendar-feeds.service';

/**
 * The subscription URL calendar apps poll. Public on purpose: calendar clients cannot send a
 * bearer token; the 256-bit secret in the path is the credential (stored hashed, rotatable,
 * revocable), and a club feed stops answering when its owner leaves the club.
 */
@ApiTags('calendar')
@Controller('calendar')
export class CalendarSubscriptionController {
  constructor(private readonly feeds: CalendarFeedsService) {}

  @ApiOperation({
    operationId: 'getCalendarFeedIcs',
    summary: 'Get a calendar feed as iCalendar (token in the URL, no sign-in)',
  })
  @Get(':token.ics')
  @Public()
  @ApiParam({ name: 'token', description: 'The secret of a feed URL' })
  @ApiHeader({
    name: 'If-None-Match',
    required: false,
    description: 'ETag of a copy the client has',
  })
  @ApiOkResponse({
    description: 'RFC 5545 iCalendar text with an ETag',
    headers: {
      ETag: { description: 'Version of the feed, for If-None-Match', schema: { type: 'string' } },
    },
    content: { 'text/calendar': { schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 304, description: 'Not modified: If-None-Match names the current ETag' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: unknown, rotated or revoked token' })
  async feed(
    @Param('token') token: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.feeds.render(token, ifNoneMatch);
    res.set({
      ETag: answer.etag,
      'Cache-Control': 'private, no-cache',
      'X-Robots-Tag': 'noindex',
    });
    if (answer.status === 304) {
      res.status(304).end();
      return;
    }
    res.status(200).type('text/calendar; charset=utf-8').send(answer.body);
  }
}
