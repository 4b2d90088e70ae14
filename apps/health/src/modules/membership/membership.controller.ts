import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiOperation,
} from '@nestjs/swagger';
import {
  Authenticated,
  AuthUser,
  ConditionalWrite,
  CurrentUser,
  EntityTagged,
  IfMatch,
  IfMatchHeader,
  Roles,
} from '@sports/common';
import {
  FeatureListResponse,
  MembershipResponse,
  TierListResponse,
  TierResponse,
  UpdateTierRequest,
} from './dto/membership.dto';
import { FeaturesService } from './features.service';

@ApiTags('membership')
@Controller('membership')
export class MembershipController {
  constructor(private readonly features: FeaturesService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: MembershipResponse })
  @ApiOperation({ operationId: 'getMembership', summary: 'Get the caller’s tier and features' })
  mine(@CurrentUser() user: AuthUser): Promise<MembershipResponse> {
    return this.features.membershipOf(user.id);
  }
}

@ApiTags('admin')
@Controller('admin/membership')
@Roles('admin')
export class AdminMembershipController {
  constructor(private readonly features: FeaturesService) {}

  @Get('tiers')
  @ApiOkResponse({ type: TierListResponse })
  @ApiOperation({
    operationId: 'listMembershipTiers',
    summary: 'List the membership tiers and their features (admin)',
  })
  tiers(): Promise<TierListResponse> {
    return this.features.tiers();
  }

  @Get('tiers/:tier')
  @ApiOkResponse({ type: TierResponse })
  @EntityTagged()
  @ApiNotFoundResponse({ description: 'tier is not free, plus or pro' })
  @ApiOperation({
    operationId: 'getMembershipTier',
    summary: 'Get one membership tier and its features (admin)',
  })
  tier(@Param('tier') tier: string): Promise<TierResponse> {
    return this.features.tier(tier);
  }

  @Put('tiers/:tier')
  @ApiOkResponse({ type: TierResponse })
  @ConditionalWrite()
  @ApiNotFoundResponse({ description: 'tier is not free, plus or pro' })
  @ApiUnprocessableEntityResponse({
    description: 'UNKNOWN_FEATURE: a feature is not in the catalog',
  })
  @ApiOperation({
    operationId: 'replaceMembershipTier',
    summary: 'Replace the features of a tier (admin)',
  })
  updateTier(
    @Param('tier') tier: string,
    @Body() body: UpdateTierRequest,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<TierResponse> {
    return this.features.updateTier(tier, body.features, ifMatch);
  }

  @Get('features')
  @ApiOkResponse({ type: FeatureListResponse })
  @ApiOperation({ operationId: 'listFeatures', summary: 'List the feature catalogue (admin)' })
  catalog(): Promise<FeatureListResponse> {
    return this.features.catalog();
  }
}
