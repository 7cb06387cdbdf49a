import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { CsvMappingInput, DateOrder } from '../../gql/graphql';
import { columnCount, initialMapping, mappingProblem, sampleLines } from './csvColumns';

interface CsvColumnPickerProps {
  header: readonly string[];
  sample: readonly (readonly string[])[];
  saved: Partial<CsvMappingInput> | null | undefined;
  busy: boolean;
  onChoose: (mapping: CsvMappingInput) => void;
}

const DATE_ORDERS: { value: DateOrder; label: string }[] = [
  { value: 'MDY', label: 'Month first (11/20/2026)' },
  { value: 'DMY', label: 'Day first (20/11/2026)' },
  { value: 'YMD', label: 'Year first (2026-11-20)' },
];

/**
 * The columns of a CSV file, picked on its first lines: which holds the date, the description and
 * the money, and how the bank writes them. Starts from the wallet's saved choice or from the
 * column names; the choice is remembered for the wallet once the import is confirmed.
 */
export function CsvColumnPicker({ header, sample, saved, busy, onChoose }: CsvColumnPickerProps) {
  const lines = sampleLines(header, sample);
  const [mapping, setMapping] = useState<CsvMappingInput>(() => initialMapping(lines, saved));
  const [amountMode, setAmountMode] = useState<'signed' | 'split'>(
    mapping.amountColumn == null ? 'split' : 'signed',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const columns = Array.from({ length: columnCount(lines) }, (_, index) => index);
  const headerLine = lines[(mapping.skipRows ?? 1) - 1];
  const columnName = (index: number) => {
    const name = headerLine?.[index]?.trim();
    return name ? `${index + 1}: ${name}` : `Column ${index + 1}`;
  };
  const set = (change: Partial<CsvMappingInput>) => setMapping((current) => ({ ...current, ...change }));

  const columnSelect = (label: string, key: keyof CsvMappingInput, optional = false) => (
    <Form.Group className="col-12 col-sm-6 col-lg-4" controlId={`${id}-${key}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={mapping[key] == null ? '' : String(mapping[key])}
        onChange={(event) => set({ [key]: event.target.value === '' ? null : Number(event.target.value) })}
      >
        {optional && <option value="">None</option>}
        {columns.map((index) => (
          <option key={index} value={index}>
            {columnName(index)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const chosen: CsvMappingInput =
      amountMode === 'signed'
        ? { ...mapping, debitColumn: null, creditColumn: null }
        : { ...mapping, amountColumn: null };
    const found = mappingProblem(chosen);
    setProblem(found);
    if (!found) onChoose(chosen);
  };

  return (
    <Form onSubmit={submit} noValidate>
      <p>Which column holds what? These are the first lines of the file.</p>
      <div
        className="table-responsive mb-3"
        tabIndex={0}
        role="region"
        aria-label="The first lines of the file"
      >
        <Table bordered size="sm" className="small mb-0 tn-csv-sample">
          <thead>
            <tr>
              <th scope="col">Line</th>
              {columns.map((index) => (
                <th scope="col" key={index}>
                  Column {index + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, lineIndex) => (
              <tr key={lineIndex} className={lineIndex < (mapping.skipRows ?? 1) ? 'text-muted' : undefined}>
                <th scope="row">{lineIndex + 1}</th>
                {columns.map((index) => (
                  <td key={index} className="text-nowrap">
                    {line[index] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <div className="row g-3">
        <Form.Group className="col-12 col-sm-6 col-lg-4" controlId={`${id}-skip`}>
          <Form.Label>Transactions start on line</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={(mapping.skipRows ?? 1) + 1}
            onChange={(event) => set({ skipRows: Math.max(0, Number(event.target.value) - 1) })}
          />
        </Form.Group>
        {columnSelect('Date', 'dateColumn')}
        <Form.Group className="col-12 col-sm-6 col-lg-4" controlId={`${id}-order`}>
          <Form.Label>Dates are written</Form.Label>
          <Form.Select
            value={mapping.dateOrder}
            onChange={(event) => set({ dateOrder: event.target.value as DateOrder })}
          >
            {DATE_ORDERS.map((order) => (
              <option key={order.value} value={order.value}>
                {order.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {columnSelect('Description', 'descriptionColumn')}
        <fieldset className="col-12 col-sm-6 col-lg-4">
          <legend className="form-label fs-6 mb-2">The money is in</legend>
          <Form.Check
            type="radio"
            id={`${id}-signed`}
            name={`${id}-mode`}
            label="One amount column (minus for payments)"
            checked={amountMode === 'signed'}
            onChange={() => setAmountMode('signed')}
          />
          <Form.Check
            type="radio"
            id={`${id}-split`}
            name={`${id}-mode`}
            label="A debit column and a credit column"
            checked={amountMode === 'split'}
            onChange={() => setAmountMode('split')}
          />
        </fieldset>
        {amountMode === 'signed' ? (
          columnSelect('Amount', 'amountColumn')
        ) : (
          <>
            {columnSelect('Debit (money out)', 'debitColumn')}
            {columnSelect('Credit (money in)', 'creditColumn')}
          </>
        )}
        {columnSelect("The bank's transaction id (if any)", 'idColumn', true)}
        <div className="col-12">
          <Form.Check
            id={`${id}-comma`}
            label="Amounts use a decimal comma (1.234,56)"
            checked={mapping.decimalComma ?? false}
            onChange={(event) => set({ decimalComma: event.target.checked })}
          />
          <Form.Check
            id={`${id}-negate`}
            label="Charges are shown as positive amounts (many card exports)"
            checked={mapping.negate ?? false}
            onChange={(event) => set({ negate: event.target.checked })}
          />
        </div>
      </div>
      {problem && (
        <Alert variant="danger" className="mt-3 mb-0">
          {problem}
        </Alert>
      )}
      <Button type="submit" className="mt-3" disabled={busy}>
        Show the transactions
      </Button>
    </Form>
  );
}
