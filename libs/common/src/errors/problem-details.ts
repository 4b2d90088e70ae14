import type { FieldError } from './domain-error';

/** RFC 9457 problem details as every error response of both services carries it. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: FieldError[];
  hint?: string;
  request_id?: string;
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Stable `type` URI per code, so clients may link to documentation of each code. */
export function problemType(code: string): string {
  return `urn:problem:${code.toLowerCase().replace(/_/g, '-')}`;
}
