import { ValueTransformer } from 'typeorm';

/** PostgreSQL answers `numeric` as text; entities expose it as a number (or null). */
export const numericColumn: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
