import { Module } from '@nestjs/common';
import { PromptsRepository } from './prompts.repository';

/**
 * The prompts table as a plain module, so that the workflow module (template lookups by slug)
 * and the prompts feature module (which hands workflow prompts to the workflow module) share
 * one repository without a module cycle.
 */
@Module({ providers: [PromptsRepository], exports: [PromptsRepository] })
export class PromptsStoreModule {}
