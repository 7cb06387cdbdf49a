import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { MoneyInput } from '../../components/money';
import {
  AddLiabilityDocument,
  CreditorSuggestionListDocument,
  DashboardLiabilitiesDocument,
  UpdateLiabilityDocument,
} from '../../gql/graphql';
import type { DebtType, ExpenseFrequency, LiabilityRowFragment } from '../../gql/graphql';
import { browserTimeZone, todayIn } from '../dashboard/dates';
import {
  DEBT_TYPE_OPTIONS,
  EXPENSE_FREQUENCY_OPTIONS,
  validateExpenseForm,
  type ExpenseForm,
} from '../dashboard/domain';
import { RecordModal } from '../dashboard/RecordModal';
import { SuggestNameField, type NameSuggestion } from '../dashboard/SuggestNameField';
import { useRecordForm } from '../dashboard/useRecordForm';

const EMPTY: ExpenseForm = {
  creditorName: '',
  creditorUrl: '',
  creditorDescription: '',
  debtType: '',
  frequency: '',
  dueDate: '',
  payment: null,
  balance: null,
  autoPay: false,
};

function formOf(liability: LiabilityRowFragment | null): ExpenseForm {
  if (!liability) return EMPTY;
  return {
    creditorName: liability.creditorName,
    creditorUrl: liability.creditorUrl ?? '',
    creditorDescription: liability.creditorDescription ?? '',
    debtType: liability.debtType,
    frequency: liability.frequency,
    dueDate: liability.dueDate,
    payment: liability.payment,
    balance: liability.balance,
    autoPay: liability.autoPay,
  };
}

interface ExpenseModalProps {
  /** null adds a new expense. */
  liability: LiabilityRowFragment | null;
  onClose: () => void;
}

const REFETCH = [DashboardLiabilitiesDocument, 'DashboardAnalysis'];

/** Add Expense / Edit Expense. */
export function ExpenseModal({ liability, onClose }: ExpenseModalProps) {
  const today = todayIn(browserTimeZone());
  const validate = useCallback((values: ExpenseForm) => validateExpenseForm(values, today), [today]);
  const form = useRecordForm(formOf(liability), validate);
  const { values, setField, setValues } = form;
  // Suggestions load when the modal opens; a failure just leaves the list empty.
  const suggestionsQuery = useQuery(CreditorSuggestionListDocument, { errorPolicy: 'ignore' });
  const suggestions = useMemo<NameSuggestion[]>(
    () =>
      (suggestionsQuery.data?.creditorSuggestions ?? []).map((s) => ({
        name: s.creditorName,
        url: s.creditorUrl,
      })),
    [suggestionsQuery.data],
  );
  const [addLiability] = useMutation(AddLiabilityDocument, { refetchQueries: REFETCH });
  const [updateLiability] = useMutation(UpdateLiabilityDocument, { refetchQueries: REFETCH });

  async function save() {
    if (values.debtType === '' || values.frequency === '' || values.payment === null) {
      await form.submit(async () => undefined);
      return;
    }
    const input = {
      creditorName: values.creditorName.trim(),
      creditorUrl: values.creditorUrl.trim() || null,
      creditorDescription: values.creditorDescription.trim() || null,
      debtType: values.debtType,
      frequency: values.frequency,
      dueDate: values.dueDate,
      payment: values.payment,
      balance: values.balance,
      autoPay: values.autoPay,
      timeZone: browserTimeZone(),
    };
    const ok = await form.submit(() =>
      liability
        ? updateLiability({ variables: { id: liability.id, input } })
        : addLiability({ variables: { input } }),
    );
    if (!ok) return;
    if (liability) {
      onClose();
    } else {
      form.reset(EMPTY);
      form.setNotice('Expense saved. Enter another or Close.');
    }
  }

  return (
    <RecordModal
      show
      mode={liability ? 'edit' : 'add'}
      noun="Expense"
      saving={form.saving}
      valid={form.valid}
      error={form.error}
      notice={form.notice}
      onSubmit={save}
      onClose={onClose}
    >
      <SuggestNameField
        id="expense-creditor-name"
        label="Expense Source"
        value={values.creditorName}
        suggestions={suggestions}
        error={form.fieldError('creditorName')}
        onChange={(name) => setField('creditorName', name)}
        onPick={(picked) =>
          setValues((current) => ({ ...current, creditorName: picked.name, creditorUrl: picked.url ?? '' }))
        }
        onBlur={() => form.touch('creditorName')}
      />
      <Form.Group className="mb-3" controlId="expense-creditor-url">
        <Form.Label>Website</Form.Label>
        <Form.Control
          type="text"
          inputMode="url"
          maxLength={255}
          value={values.creditorUrl}
          isInvalid={Boolean(form.fieldError('creditorUrl'))}
          onChange={(e) => setField('creditorUrl', e.target.value)}
          onBlur={() => form.touch('creditorUrl')}
        />
        <Form.Control.Feedback type="invalid">{form.fieldError('creditorUrl')}</Form.Control.Feedback>
      </Form.Group>
      <Row>
        <Form.Group as={Col} sm={6} className="mb-3" controlId="expense-debt-type">
          <Form.Label>Expense Type</Form.Label>
          <Form.Select
            value={values.debtType}
            isInvalid={Boolean(form.fieldError('debtType'))}
            onChange={(e) => setField('debtType', e.target.value as DebtType | '')}
            onBlur={() => form.touch('debtType')}
          >
            <option value="">Choose ...</option>
            {DEBT_TYPE_OPTIONS.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{form.fieldError('debtType')}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} sm={6} className="mb-3" controlId="expense-frequency">
          <Form.Label>Frequency</Form.Label>
          <Form.Select
            value={values.frequency}
            isInvalid={Boolean(form.fieldError('frequency'))}
            onChange={(e) => setField('frequency', e.target.value as ExpenseFrequency | '')}
            onBlur={() => form.touch('frequency')}
          >
            <option value="">Choose ...</option>
            {EXPENSE_FREQUENCY_OPTIONS.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{form.fieldError('frequency')}</Form.Control.Feedback>
        </Form.Group>
      </Row>
      <Form.Group className="mb-3" controlId="expense-due-date">
        <Form.Label>Next Date Due</Form.Label>
        <Form.Control
          type="date"
          value={values.dueDate}
          isInvalid={Boolean(form.fieldError('dueDate'))}
          onChange={(e) => setField('dueDate', e.target.value)}
          onBlur={() => form.touch('dueDate')}
        />
        <Form.Control.Feedback type="invalid">{form.fieldError('dueDate')}</Form.Control.Feedback>
      </Form.Group>
      <Row>
        <Form.Group as={Col} sm={6} className="mb-3" controlId="expense-payment">
          <Form.Label>Amount</Form.Label>
          <MoneyInput
            value={values.payment}
            isInvalid={Boolean(form.fieldError('payment'))}
            onValueChange={(v) => setField('payment', v)}
            onBlur={() => form.touch('payment')}
          />
          <Form.Control.Feedback type="invalid">{form.fieldError('payment')}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} sm={6} className="mb-3" controlId="expense-balance">
          <Form.Label>Balance (optional)</Form.Label>
          <MoneyInput
            value={values.balance}
            isInvalid={Boolean(form.fieldError('balance'))}
            onValueChange={(v) => setField('balance', v)}
            onBlur={() => form.touch('balance')}
          />
          <Form.Control.Feedback type="invalid">{form.fieldError('balance')}</Form.Control.Feedback>
        </Form.Group>
      </Row>
      <Form.Check
        className="mb-3"
        type="switch"
        id="expense-auto-pay"
        label="Auto Paid?"
        checked={values.autoPay}
        onChange={(e) => setField('autoPay', e.target.checked)}
      />
      <Form.Group className="mb-3" controlId="expense-notes">
        <Form.Label>Notes</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={255}
          value={values.creditorDescription}
          onChange={(e) => setField('creditorDescription', e.target.value)}
        />
      </Form.Group>
    </RecordModal>
  );
}
