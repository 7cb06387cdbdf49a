import { centsToNumber, parseMoney } from '@truenet/core';

/** How the API's typed values become what services store and core's validators read. */

/** Dollars of integer cents, for core's validators, which read amounts as the forms carry them. */
export function dollars(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : centsToNumber(cents);
}

/** Trimmed text, or null when nothing is left: how optional names, URLs and notes are stored. */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Cents of an amount core's validator has accepted (dollars as a number or typed text). */
export function validatedCents(value: number | string | null | undefined): number | null {
  return value === null || value === undefined || value === '' ? null : parseMoney(value);
}
