import { useQuery } from '@apollo/client/react';
import Form from 'react-bootstrap/Form';
import { Field, hintIdOf } from '../../components/Field';
import { DashboardWalletsDocument } from '../../gql/graphql';

interface WalletChoiceFieldProps {
  id: string;
  /** 'Deposits to' for income, 'Paid from' for an expense. */
  label: string;
  /** A wallet id, or '' for the default wallet. */
  value: string;
  onChange: (walletId: string) => void;
}

/**
 * Where money lands (docs/product-rules.md §7-§8): the wallet an income source pays into or an expense is paid
 * from, for the balance forecast. The first choice is the default wallet (stored as none, so it
 * follows the default); with a single wallet there is nothing to choose and the field stays hidden.
 * The wallets come from the dashboard's own query, usually already in the cache.
 */
export function WalletChoiceField({ id, label, value, onChange }: WalletChoiceFieldProps) {
  const { data } = useQuery(DashboardWalletsDocument, { errorPolicy: 'ignore' });
  const wallets = data?.wallets ?? [];
  if (wallets.length < 2) return null;
  const defaultWallet = wallets.find((wallet) => wallet.defaultWallet) ?? wallets[0];
  return (
    <Field id={id} label={label} hint="Used by the balance forecast.">
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={hintIdOf(id)}>
        <option value="">Default wallet ({defaultWallet?.walletName})</option>
        {wallets.map((wallet) => (
          <option key={wallet.id} value={wallet.id}>
            {wallet.walletName}
          </option>
        ))}
      </Form.Select>
    </Field>
  );
}
