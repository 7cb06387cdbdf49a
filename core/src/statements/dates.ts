import { isIsoDate } from '../dates';
import type { IsoDate } from '../types';
import type { DateOrder } from './types';

/** A date's three numbers as written: '12/31/2026', "1/ 5'26", '31.12.26', '2026-01-05'. */
function dateParts(raw: string): [string, string, string] | null {
  const match = /^\s*(\d{1,4})\s*[/.\-']\s*(\d{1,2})\s*[/.\-']\s*(\d{1,4})\s*$/.exec(raw);
  return match ? [match[1] as string, match[2] as string, match[3] as string] : null;
}

/**
 * The order of a file's dates, settled once for the whole file: YMD when a first field has 4
 * digits, DMY when some first field is above 12, MDY when some second field is above 12, null
 * when every date reads both ways (the person is asked).
 */
export function detectDateOrder(raws: readonly string[]): DateOrder | null {
  const parts = raws.map(dateParts).filter((p): p is [string, string, string] => p !== null);
  if (parts.some(([first]) => first.length === 4)) return 'YMD';
  if (parts.some(([first]) => Number(first) > 12)) return 'DMY';
  if (parts.some(([, second]) => Number(second) > 12)) return 'MDY';
  return null;
}

function fullYear(text: string): number {
  const year = Number(text);
  if (text.length > 2) return year;
  return year < 50 ? 2000 + year : 1900 + year;
}

/** The date `raw` names in `order`, or null when it is no real date. */
export function readDate(raw: string, order: DateOrder): IsoDate | null {
  const parts = dateParts(raw);
  if (!parts) return null;
  const [a, b, c] = parts;
  const [year, month, day] =
    order === 'YMD'
      ? [fullYear(a), Number(b), Number(c)]
      : order === 'DMY'
        ? [fullYear(c), Number(b), Number(a)]
        : [fullYear(c), Number(a), Number(b)];
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isIsoDate(date) ? date : null;
}

export const DATE_ORDER_LABEL: Record<DateOrder, string> = {
  MDY: 'MM/DD/YYYY',
  DMY: 'DD/MM/YYYY',
  YMD: 'YYYY-MM-DD',
};
