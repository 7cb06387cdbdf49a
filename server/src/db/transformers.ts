import type { ValueTransformer } from 'typeorm';

/** pg returns bigint as a string; cents stay far below 2^53, so a number is exact. */
export const bigintCents: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
