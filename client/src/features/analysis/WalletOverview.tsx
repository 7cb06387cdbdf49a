import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { MoneyText } from '../../components/money';
import { RecordName } from '../../components/RecordName';
import type { AnalysisViewFragment } from '../../gql/graphql';

/** Every wallet's balance and available balance, each with its register. */
export function WalletOverview({
  analysis,
  onOpenRegister,
}: {
  analysis: AnalysisViewFragment;
  onOpenRegister: (wallet: { walletId: string; walletName: string }) => void;
}) {
  const registerButton = (wallet: { walletId: string; walletName: string }) => (
    <Button
      size="sm"
      variant="outline-secondary"
      aria-label={`Open the register of ${wallet.walletName}`}
      onClick={() => onOpenRegister(wallet)}
    >
      Register
    </Button>
  );
  return (
    <Card className="mb-3">
      <Card.Header as="h3" className="h6 mb-0">
        Wallet Overview
      </Card.Header>
      <Card.Body className="p-2">
        <Table size="sm" responsive className="mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">Wallet</th>
              <th scope="col" className="text-end">
                Balance
              </th>
              <th scope="col" className="text-end">
                Available Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {analysis.wallets.map((wallet) => (
              <tr key={wallet.walletId}>
                <td className="tn-name-cell">
                  <div className="d-flex flex-wrap align-items-center gap-2">
                    <RecordName name={wallet.walletName} />
                    {registerButton(wallet)}
                  </div>
                </td>
                <td className="text-end text-nowrap">
                  <MoneyText value={wallet.balance} />
                </td>
                <td className="text-end text-nowrap">
                  <MoneyText value={wallet.availableBalance} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
