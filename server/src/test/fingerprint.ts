import type { DataSource } from 'typeorm';
import { queryOne } from '../db/sql';

/**
 * A digest of everything a person's requests could change: their account row, their personal
 * household's wallets, register, income, deposits and bills, their API tokens and subscription,
 * and the rows a public form (registration, contact) would add carrying `mark`. Equal digests
 * before and after a request mean the request changed nothing of theirs.
 */
export async function accountFingerprint(ds: DataSource, debtorId: number, mark: string): Promise<string> {
  const row = await queryOne<{ f: string }>(
    ds,
    `WITH h AS (SELECT id FROM household WHERE personal_of = $1)
     SELECT concat_ws('|',
       (SELECT md5(coalesce(string_agg(to_jsonb(d)::text, ',' ORDER BY id), '')) FROM debtor d WHERE id = $1),
       (SELECT md5(coalesce(string_agg(to_jsonb(w)::text, ',' ORDER BY id), '')) FROM wallet w WHERE household_id = (SELECT id FROM h)),
       (SELECT md5(coalesce(string_agg(to_jsonb(r)::text, ',' ORDER BY id), '')) FROM register_entry r WHERE household_id = (SELECT id FROM h)),
       (SELECT md5(coalesce(string_agg(to_jsonb(i)::text, ',' ORDER BY id), '')) FROM income_source i WHERE household_id = (SELECT id FROM h)),
       (SELECT count(*) FROM income_deposit WHERE household_id = (SELECT id FROM h)),
       (SELECT md5(coalesce(string_agg(to_jsonb(l)::text, ',' ORDER BY id), '')) FROM liability l WHERE household_id = (SELECT id FROM h)),
       (SELECT count(*) FROM api_token WHERE debtor_id = $1),
       (SELECT md5(coalesce(string_agg(to_jsonb(s)::text, ','), '')) FROM subscription s WHERE debtor_id = $1),
       (SELECT count(*) FROM debtor WHERE username ILIKE '%' || $2 || '%' OR email ILIKE '%' || $2 || '%'),
       (SELECT count(*) FROM contact_message WHERE sender_email ILIKE '%' || $2 || '%' OR message ILIKE '%' || $2 || '%')
     ) AS f`,
    [debtorId, mark],
  );
  return row!.f;
}
