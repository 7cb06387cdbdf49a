import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { MoneyInput, MoneyText } from '../../components/money';
import { SpinnerButton } from '../../components/SpinnerButton';
import type { CategoryViewFragment, LedgerRowViewFragment } from '../../gql/graphql';
import { CategorySelect } from './CategorySelect';
import { useCategorize } from './useCategorize';

interface Part {
  categoryId: string | null;
  amount: number | null;
}

const cents = (dollars: number | null) => Math.round((dollars ?? 0) * 100);

/** Splits one row between categories: parts that add up to the row exactly, or none to undo a split. */
export function SplitModal({
  row,
  categories,
  onClose,
}: {
  row: LedgerRowViewFragment;
  categories: readonly CategoryViewFragment[];
  onClose: () => void;
}) {
  const { split, busy } = useCategorize();
  const [parts, setParts] = useState<Part[]>(() =>
    row.splits.length > 0
      ? row.splits.map((part) => ({ categoryId: part.category.id, amount: part.amount }))
      : [
          { categoryId: row.category?.id ?? null, amount: row.amount },
          { categoryId: null, amount: null },
        ],
  );
  const [error, setError] = useState<string | null>(null);
  const left = (cents(row.amount) - parts.reduce((sum, part) => sum + cents(part.amount), 0)) / 100;
  const complete = left === 0 && parts.every((part) => part.categoryId && cents(part.amount) > 0);

  const change = (index: number, patch: Partial<Part>) =>
    setParts((before) => before.map((part, at) => (at === index ? { ...part, ...patch } : part)));

  async function save(chosen: Part[]) {
    setError(null);
    try {
      await split(
        row.id,
        chosen.map((part) => ({ categoryId: part.categoryId as string, amount: part.amount ?? 0 })),
      );
      onClose();
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <Modal show onHide={busy ? undefined : onClose} centered aria-labelledby="split-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="split-title" className="h5">
          Split {row.payee}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small">
          <MoneyText value={row.amount} /> on {row.date}, shared between categories.
        </p>
        {parts.map((part, index) => (
          <div className="row g-2 mb-2 align-items-center" key={index}>
            <div className="col-7">
              <CategorySelect
                aria-label={`Part ${index + 1}: category`}
                categories={categories}
                value={part.categoryId}
                noneLabel="Choose a category"
                onChange={(categoryId) => change(index, { categoryId })}
              />
            </div>
            <div className="col-5">
              <MoneyInput
                aria-label={`Part ${index + 1}: amount`}
                value={part.amount}
                onValueChange={(amount) => change(index, { amount })}
              />
            </div>
          </div>
        ))}
        <div className="d-flex justify-content-between align-items-center">
          <Button
            variant="link"
            className="px-0"
            disabled={parts.length >= 20}
            onClick={() =>
              setParts((before) => [...before, { categoryId: null, amount: left > 0 ? left : null }])
            }
          >
            Add a part
          </Button>
          <span className={left === 0 ? 'text-success small' : 'text-danger small'} role="status">
            {left === 0
              ? 'Adds up to the row'
              : left > 0
                ? `$${left.toFixed(2)} left to place`
                : `$${(-left).toFixed(2)} too much`}
          </span>
        </div>
        {error && (
          <p className="text-danger mt-2 mb-0" role="alert">
            {error}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        {row.splits.length > 0 && (
          <Button variant="outline-danger" className="me-auto" disabled={busy} onClick={() => void save([])}>
            Remove the split
          </Button>
        )}
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <SpinnerButton
          busy={busy}
          busyLabel="Saving..."
          disabled={!complete}
          onClick={() => void save(parts)}
        >
          Save split
        </SpinnerButton>
      </Modal.Footer>
    </Modal>
  );
}
