import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { SERVICE_CONFIG } from '@sports/common';
import Redis from 'ioredis';
import type { TrainingConfig } from '../../config';

/**
 * Where the login rate limiter keeps its counters: in Redis when REDIS_URL is set (so the
 * limit holds across replicas), in process memory otherwise. When Redis is unreachable the
 * limiter falls back to the in-memory counter of this replica instead of failing open or
 * refusing every login. The Redis connection is closed with the application.
 */
@Injectable()
export class LoginRateLimitStore implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger(LoginRateLimitStore.name);
  private readonly memory = new ThrottlerStorageService();
  private readonly redis?: Redis;
  private readonly redisStore?: ThrottlerStorageRedisService;

  constructor(@Inject(SERVICE_CONFIG) config: TrainingConfig) {
    if (config.REDIS_URL) {
      this.redis = new Redis(config.REDIS_URL, {
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        enableOfflineQueue: true,
        lazyConnect: false,
      });
      this.redis.on('error', (err: Error) =>
        this.logger.warn(`Redis for the login rate limit: ${err.message}`),
      );
      this.redisStore = new ThrottlerStorageRedisService(this.redis);
    }
  }

  /** `redis` or `memory`: where counters are kept right now. */
  get backend(): 'redis' | 'memory' {
    return this.redisStore && this.redis?.status === 'ready' ? 'redis' : 'memory';
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): ReturnType<ThrottlerStorage['increment']> {
    if (this.redisStore) {
      try {
        return await this.redisStore.increment(key, ttl, limit, blockDuration, throttlerName);
      } catch (err) {
        this.logger.warn(
          `Redis unavailable, counting login attempts in memory: ${(err as Error).message}`,
        );
      }
    }
    return this.memory.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  async onApplicationShutdown(): Promise<void> {
    this.memory.onApplicationShutdown();
    if (this.redis && this.redis.status !== 'end') {
      try {
        await this.redis.quit();
      } catch {
        this.redis.disconnect(false);
      }
    }
  }
}
