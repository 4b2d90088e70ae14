import {
  Body,
  Controller,
  DynamicModule,
  Get,
  Injectable,
  Module,
  Post,
  Type as ClassType,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiProperty, ApiResponse } from '@nestjs/swagger';
import { IsInt, IsString, Max, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { DataSource } from 'typeorm';
import {
  Authenticated,
  AuthTokensService,
  AuthUser,
  AuthUserResolver,
  liveSessionSql,
  CurrentUser,
  FeatureResolver,
  Public,
  RequireFeatures,
  Roles,
} from '../src/auth';
import { CommonEnv, loadConfig } from '../src/config';
import { ConflictError, defineErrors } from '../src/errors';
import { ApiErrors } from '../src/openapi';
import { ServiceCoreModule } from '../src/http';
import { FeatureModule, ReleaseInfo } from '../src/versioning';
import { Fixture1700000000000 } from './fixture-migration';

export const FIXTURE_RELEASE: ReleaseInfo = {
  service: 'fixture',
  app_version: '9.9.9',
  build_date: '2026-01-01',
  schema_version: '20260101a',
};

@Injectable()
export class AccountResolver implements AuthUserResolver {
  constructor(private readonly db: DataSource) {}

  async resolve(id: string, sessionId?: string): Promise<AuthUser | null> {
    const rows: AuthUser[] = await this.db.query(
      `SELECT a.id, a.email, a.role FROM accounts a WHERE a.id = $1 AND ${liveSessionSql('a.id', '$2')}`,
      [id, sessionId ?? null],
    );
    return rows[0] ?? null;
  }
}

/** Features by role: admins (and above) have `reports`, users none. */
@Injectable()
export class RoleFeatures implements FeatureResolver {
  constructor(private readonly db: DataSource) {}

  async featuresOf(id: string): Promise<string[]> {
    const rows: { role: string }[] = await this.db.query(
      'SELECT role FROM accounts WHERE id = $1',
      [id],
    );
    return rows[0] && rows[0].role !== 'user' ? ['reports'] : [];
  }
}

@Module({
  providers: [AccountResolver, RoleFeatures],
  exports: [AccountResolver, RoleFeatures],
})
export class AccountsModule {}

class Address {
  @ApiProperty() @IsString() city!: string;
}

export class EchoRequest {
  @ApiProperty() @IsString() name!: string;
  @ApiProperty() @IsInt() @Min(1) @Max(10) level!: number;
  @ApiProperty({ type: Address }) @ValidateNested() @Type(() => Address) address!: Address;
}

/** The fixture's own codes (the service catalogue of the fixture app). */
export const FIXTURE_ERRORS = defineErrors({
  NAME_TAKEN: { status: 409, title: 'Name taken', description: 'The fixture name is taken.' },
});

declare module '../src/errors/error-catalogue' {
  interface ErrorCodes extends Record<keyof typeof FIXTURE_ERRORS, true> {}
}

const OBJECT = (properties: Record<string, object>) => ({
  schema: { type: 'object', properties, required: Object.keys(properties) },
});
const TOKEN_PAIR = OBJECT({
  access_token: { type: 'string' },
  refresh_token: { type: 'string' },
  token_type: { type: 'string' },
  expires_in: { type: 'integer' },
  refresh_expires_at: { type: 'string' },
});

@Controller('fixture')
export class FixtureController {
  constructor(
    private readonly tokens: AuthTokensService,
    private readonly db: DataSource,
  ) {}

  @Get('accounts/count')
  @Public()
  @ApiOkResponse(OBJECT({ count: { type: 'integer' } }))
  async countAccounts(): Promise<{ count: number }> {
    const rows: { count: number }[] = await this.db.query(
      'SELECT count(*)::int AS count FROM accounts',
    );
    return rows[0];
  }

  @Get('boom')
  @Public()
  @ApiResponse({ status: 500, description: 'INTERNAL_ERROR, on purpose' })
  boom(): never {
    throw new Error('relation "secret_table" does not exist at /srv/app/secret.ts:42');
  }

  @Get('conflict')
  @Public()
  @ApiErrors('NAME_TAKEN')
  conflict(): never {
    throw new ConflictError('That name is taken.', 'NAME_TAKEN', { hint: 'Pick another name.' });
  }

  @Post('echo')
  @Public()
  @ApiCreatedResponse({ type: EchoRequest })
  echo(@Body() body: EchoRequest): EchoRequest {
    return body;
  }

  @Get('me')
  @Authenticated()
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        email: { type: 'string' },
        role: { type: 'string' },
        sessionId: { type: 'string' },
      },
      required: ['id', 'email', 'role'],
    },
  })
  me(@CurrentUser() user: AuthUser): AuthUser {
    return user;
  }

  @Get('reports')
  @Authenticated()
  @RequireFeatures('reports')
  @ApiOkResponse(OBJECT({ ok: { type: 'boolean' } }))
  reports(): { ok: true } {
    return { ok: true };
  }

  @Get('admin')
  @Roles('admin')
  @ApiOkResponse(OBJECT({ ok: { type: 'boolean' } }))
  admin(): { ok: true } {
    return { ok: true };
  }

  @Post('token')
  @Public()
  @ApiCreatedResponse(TOKEN_PAIR)
  token(@Body() body: { id: string; email: string; role: string }): Promise<unknown> {
    return this.tokens.issuePair(body);
  }

  @Post('logout')
  @Public()
  async logout(@Body() body: { refresh_token: string }): Promise<void> {
    await this.tokens.logout(body.refresh_token);
  }

  @Post('other-sessions/revoke')
  @Authenticated()
  @ApiCreatedResponse({ description: 'Other sessions ended' })
  async revokeOthers(@CurrentUser() user: AuthUser): Promise<void> {
    await this.tokens.revokeOtherSessions(user.id, user.sessionId);
  }
}

@FeatureModule({ name: 'fixture_feature', version: '1.2.3', controllers: [FixtureController] })
export class FixtureFeatureModule {}

export function fixtureConfig(env: Record<string, string> = {}): CommonEnv {
  return loadConfig(
    CommonEnv,
    { LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env },
    {
      PORT: 0,
      EMBEDDED_PG_PORT: 54999,
      DATA_DIR: '.data/fixture',
    },
  );
}

export function fixtureModule(
  config: CommonEnv,
  databaseUrl: string,
  extra: DynamicModule['imports'] = [],
  /** The feature resolver; null: none (a gated route then refuses to start). */
  features: ClassType<FeatureResolver> | null = RoleFeatures,
): DynamicModule {
  @Module({})
  class FixtureAppModule {}
  return {
    module: FixtureAppModule,
    imports: [
      ServiceCoreModule.forRoot({
        release: FIXTURE_RELEASE,
        config,
        databaseUrl,
        migrations: [Fixture1700000000000],
        coreTables: ['accounts', 'refresh_tokens'],
        errors: FIXTURE_ERRORS,
        auth: {
          roleRanks: { user: 0, admin: 1, superadmin: 2 },
          resolver: AccountResolver,
          features: features ?? undefined,
          imports: [AccountsModule],
        },
      }),
      FixtureFeatureModule,
      ...(extra ?? []),
    ],
  };
}
