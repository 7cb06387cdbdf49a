import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { SpinnerButton } from '../../components/SpinnerButton';
import { formatDollars } from '../../components/money';
import {
  ConfirmImportDocument,
  DashboardWalletsDocument,
  ImportBatchesDocument,
  PreviewImportDocument,
  UndoImportBatchDocument,
  WalletRegisterDocument,
  type CsvMappingInput,
  type DateOrder,
  type ImportBatchRowFragment,
  type ImportPreviewViewFragment,
} from '../../gql/graphql';
import { browserTimeZone, displayDate } from '../../kit/dates';
import { BILL_LIST, MONEY_VIEWS } from '../../kit/moneyViews';
import { CsvColumnPicker } from './CsvColumnPicker';
import { ImportHistory } from './ImportHistory';
import { ImportPreviewTable } from './ImportPreviewTable';
import { importFailure } from './importFailure';
import {
  batchSummary,
  chosenCount,
  importButtonLabel,
  initialDecisions,
  previewCounts,
  rowChoices,
  type RowDecision,
} from './importView';
import { readStatementFile } from './statementFile';

interface ImportStatementModalProps {
  wallet: { walletId: string; walletName: string };
  onClose: () => void;
  /** A bank sync's rows waiting for review: the screen opens on them. */
  review?: ImportPreviewViewFragment;
}

/** A file read in the browser, with the answers the server asked for so far. */
interface LoadedFile {
  name: string;
  content: string;
  qifDateOrder?: DateOrder;
  statementAccount?: string;
  csv?: CsvMappingInput;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'reading'; fileName: string; progress: number }
  | { kind: 'dateOrder'; file: LoadedFile }
  | { kind: 'account'; file: LoadedFile; accounts: string[] }
  | { kind: 'columns'; file: LoadedFile; preview: ImportPreviewViewFragment }
  | { kind: 'preview'; file: LoadedFile; preview: ImportPreviewViewFragment; decisions: RowDecision[] }
  | { kind: 'done'; batch: ImportBatchRowFragment };

/** An import moves the wallet, and may settle bills (their due dates, their history) and mark pay. */
const REFETCH = [
  DashboardWalletsDocument,
  'DashboardBankNotices',
  WalletRegisterDocument,
  ImportBatchesDocument,
  BILL_LIST,
  'LiabilityPaymentHistory',
  'FoundInYourBank',
  ...MONEY_VIEWS,
];
const ACCEPT = '.ofx,.qfx,.qif,.csv,.txt,.xml,.tsv';

/**
 * 'Import statement' on a wallet (docs/product-rules.md §14): choose or drop a bank's file, answer
 * what the file leaves open (its columns, its date order, which account), check every row, import,
 * and undo from the summary or the wallet's history.
 */
export function ImportStatementModal({ wallet, onClose, review }: ImportStatementModalProps) {
  const [step, setStep] = useState<Step>(() =>
    review
      ? {
          kind: 'preview',
          file: { name: review.fileName, content: '' },
          preview: review,
          decisions: initialDecisions(review.rows),
        }
      : { kind: 'choose' },
  );
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [applyBalance, setApplyBalance] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [undoing, setUndoing] = useState<string | null>(null);
  const [previewImport, previewState] = useMutation(PreviewImportDocument);
  const [confirmImport, confirmState] = useMutation(ConfirmImportDocument, { refetchQueries: REFETCH });
  const [undoImport] = useMutation(UndoImportBatchDocument, { refetchQueries: REFETCH });
  const register = useQuery(WalletRegisterDocument, { variables: { walletId: wallet.walletId } });
  const typedDates = useMemo(
    () => new Map((register.data?.walletRegister ?? []).map((entry) => [entry.id, entry.date])),
    [register.data],
  );

  const runPreview = async (file: LoadedFile) => {
    setError(null);
    try {
      const { data } = await previewImport({
        variables: {
          walletId: wallet.walletId,
          fileName: file.name,
          contentBase64: file.content,
          csv: file.csv ?? null,
          qifDateOrder: file.qifDateOrder ?? null,
          statementAccount: file.statementAccount ?? null,
          timeZone: browserTimeZone(),
        },
      });
      const preview = data?.previewImport;
      if (!preview) return;
      if (preview.csvHeader && !file.csv) {
        setStep({ kind: 'columns', file, preview });
      } else {
        setApplyBalance(false);
        setStep({ kind: 'preview', file, preview, decisions: initialDecisions(preview.rows) });
      }
    } catch (caught) {
      const failure = importFailure(caught);
      if (failure.reason === 'DATE_ORDER_NEEDED') setStep({ kind: 'dateOrder', file });
      else if (failure.reason === 'ACCOUNT_CHOICE_NEEDED') {
        setStep({ kind: 'account', file, accounts: failure.accounts });
      } else {
        setError(failure.message);
        if (!file.csv) setStep({ kind: 'choose' });
      }
    }
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setNotice(null);
    setError(null);
    setStep({ kind: 'reading', fileName: file.name, progress: 0 });
    try {
      const content = await readStatementFile(file, (progress) =>
        setStep({ kind: 'reading', fileName: file.name, progress }),
      );
      await runPreview({ name: file.name, content });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The file could not be read: choose it again');
      setStep({ kind: 'choose' });
    }
  };

  const confirm = async () => {
    if (step.kind !== 'preview') return;
    setError(null);
    try {
      const { data } = await confirmImport({
        variables: {
          previewId: step.preview.id,
          rows: rowChoices(step.preview.rows, step.decisions),
          applyStatementBalance: applyBalance,
          timeZone: browserTimeZone(),
        },
      });
      if (data) setStep({ kind: 'done', batch: data.confirmImport });
    } catch (caught) {
      const failure = importFailure(caught);
      setError(failure.message);
      if (failure.reason === 'PREVIEW_EXPIRED') setStep({ kind: 'choose' });
    }
  };

  const undo = async (batch: ImportBatchRowFragment) => {
    setError(null);
    setUndoing(batch.id);
    try {
      await undoImport({ variables: { id: batch.id, timeZone: browserTimeZone() } });
      setNotice(`The import of ${batch.fileName} is undone: its transactions are out of the wallet.`);
      setStep({ kind: 'choose' });
    } catch (caught) {
      setError(importFailure(caught).message);
    } finally {
      setUndoing(null);
    }
  };

  const busy = previewState.loading || confirmState.loading || step.kind === 'reading';

  return (
    <Modal
      show
      onHide={onClose}
      size="xl"
      fullscreen="md-down"
      scrollable
      aria-labelledby="import-statement-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="import-statement-title" className="h5">
          {review ? 'Bank transactions to review' : 'Import statement'}: {wallet.walletName}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div role="status" aria-live="polite">
          {notice && <Alert variant="success">{notice}</Alert>}
        </div>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}

        {(step.kind === 'choose' || step.kind === 'reading') && (
          <>
            <div
              className={`tn-drop-zone${dragging ? ' tn-drop-zone-active' : ''}`}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(event) => {
                event.preventDefault();
                setDragging(false);
                void chooseFile(event.dataTransfer.files[0]);
              }}
            >
              <p className="mb-2">
                Download a statement from your bank's website (OFX, QFX, QIF, CSV or camt.053) and choose it
                here, or drop it on this box.
              </p>
              <input
                id="import-statement-file"
                type="file"
                accept={ACCEPT}
                className="visually-hidden"
                disabled={busy}
                onChange={(event) => {
                  void chooseFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              {/* The input itself takes the focus (keyboard, screen readers); its label looks like a button. */}
              <label htmlFor="import-statement-file" className={`btn btn-primary${busy ? ' disabled' : ''}`}>
                Choose a file
              </label>
              {step.kind === 'reading' && (
                <div className="mt-3" role="status">
                  <div className="small mb-1">
                    {step.progress < 1
                      ? `Reading ${step.fileName}…`
                      : `Checking ${step.fileName} against the wallet…`}
                  </div>
                  <ProgressBar
                    now={Math.round(step.progress * 100)}
                    animated={step.progress >= 1}
                    aria-label={`Reading ${step.fileName}`}
                  />
                </div>
              )}
            </div>
            <p className="small text-muted mt-2 mb-0">
              Nothing is imported until you check the transactions and confirm. A file imported twice adds
              nothing the second time.
            </p>
            <ImportHistory
              walletId={wallet.walletId}
              undoing={undoing}
              onUndo={(batch) => void undo(batch)}
            />
          </>
        )}

        {step.kind === 'dateOrder' && (
          <QuestionForm
            legend={`How does ${step.file.name} write its dates?`}
            options={[
              { value: 'MDY', label: 'Month first (11/02/2026 is Nov 2)' },
              { value: 'DMY', label: 'Day first (02/11/2026 is Nov 2)' },
            ]}
            busy={busy}
            onAnswer={(value) => void runPreview({ ...step.file, qifDateOrder: value as DateOrder })}
          />
        )}

        {step.kind === 'account' && (
          <QuestionForm
            legend={`${step.file.name} holds several accounts. Which one is ${wallet.walletName}?`}
            options={step.accounts.map((account) => ({ value: account, label: `Account ${account}` }))}
            busy={busy}
            onAnswer={(value) => void runPreview({ ...step.file, statementAccount: value })}
          />
        )}

        {step.kind === 'columns' && (
          <CsvColumnPicker
            header={step.preview.csvHeader ?? []}
            sample={step.preview.csvSample ?? []}
            saved={step.preview.savedMapping}
            busy={busy}
            onChoose={(csv) => void runPreview({ ...step.file, csv })}
          />
        )}

        {step.kind === 'preview' && (
          <>
            <p className="mb-2">
              <strong>{step.preview.fileName}</strong>{' '}
              <span role="status">{previewCounts(step.preview.rows)}</span>
            </p>
            {step.preview.rows.length > 0 && (
              <ImportPreviewTable
                rows={step.preview.rows}
                decisions={step.decisions}
                typedDates={typedDates}
                onChange={(index, decision) =>
                  setStep({
                    ...step,
                    decisions: step.decisions.map((current, at) => (at === index ? decision : current)),
                  })
                }
              />
            )}
            {step.preview.statementBalance != null && step.preview.statementBalanceDate && (
              <Form.Check
                className="mt-3"
                id="import-apply-balance"
                checked={applyBalance}
                onChange={(event) => setApplyBalance(event.target.checked)}
                label={`Also set the balance to the statement's ${formatDollars(step.preview.statementBalance)} on ${displayDate(step.preview.statementBalanceDate)} (plus what the register holds after that day)`}
              />
            )}
          </>
        )}

        {step.kind === 'done' && (
          <div role="status">
            <Alert variant="success" className="mb-3">
              {batchSummary(step.batch)}
            </Alert>
            <Button
              variant="outline-secondary"
              onClick={() => void undo(step.batch)}
              disabled={undoing !== null}
            >
              {undoing ? 'Undoing…' : 'Undo this import'}
            </Button>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        {step.kind === 'preview' && (
          <>
            {!review && (
              <Button variant="outline-secondary" onClick={() => setStep({ kind: 'choose' })} disabled={busy}>
                Choose another file
              </Button>
            )}
            <SpinnerButton
              onClick={() => void confirm()}
              busy={confirmState.loading}
              busyLabel="Importing…"
              // A bank's review can end with none of its rows imported; a file's preview cannot.
              disabled={busy || (chosenCount(step.preview.rows, step.decisions) === 0 && !review)}
            >
              {chosenCount(step.preview.rows, step.decisions) === 0 && review
                ? 'Import none of them'
                : importButtonLabel(chosenCount(step.preview.rows, step.decisions))}
            </SpinnerButton>
          </>
        )}
        {step.kind === 'done' && !review && (
          <Button variant="outline-secondary" onClick={() => setStep({ kind: 'choose' })}>
            Import another file
          </Button>
        )}
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

interface QuestionFormProps {
  legend: string;
  options: { value: string; label: string }[];
  busy: boolean;
  onAnswer: (value: string) => void;
}

/** One question the file leaves open, answered by a choice. */
function QuestionForm({ legend, options, busy, onAnswer }: QuestionFormProps) {
  const [value, setValue] = useState(options[0]?.value ?? '');
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        onAnswer(value);
      }}
    >
      <fieldset>
        <legend className="fs-6">{legend}</legend>
        {options.map((option) => (
          <Form.Check
            key={option.value}
            type="radio"
            id={`import-question-${option.value}`}
            name="import-question"
            label={option.label}
            checked={value === option.value}
            onChange={() => setValue(option.value)}
          />
        ))}
      </fieldset>
      <Button type="submit" className="mt-3" disabled={busy}>
        Continue
      </Button>
    </Form>
  );
}
