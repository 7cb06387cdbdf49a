import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import Form from 'react-bootstrap/Form';
import { MoneyInput } from '../../components/money';
import {
  AddIncomeSourceDocument,
  DashboardIncomeSourcesDocument,
  IncomeSuggestionsDocument,
  UpdateIncomeSourceDocument,
} from '../../gql/graphql';
import type { IncomeFrequency, IncomeSourceRowFragment } from '../../gql/graphql';
import { browserTimeZone, todayIn } from '../dashboard/dates';
import { INCOME_FREQUENCY_OPTIONS, validateIncomeForm, type IncomeForm } from '../dashboard/domain';
import { RecordModal } from '../dashboard/RecordModal';
import { SuggestNameField, type NameSuggestion } from '../dashboard/SuggestNameField';
import { useRecordForm } from '../dashboard/useRecordForm';

const EMPTY: IncomeForm = {
  sourceName: '',
  sourceUrl: '',
  sourceDescription: '',
  incomeFrequency: '',
  nextPmtDate: '',
  biMonthlyPayDate: '',
  paymentAmount: null,
  sourceStatus: true,
};

function formOf(source: IncomeSourceRowFragment | null): IncomeForm {
  if (!source) return EMPTY;
  return {
    sourceName: source.sourceName,
    sourceUrl: source.sourceUrl ?? '',
    sourceDescription: source.sourceDescription ?? '',
    incomeFrequency: source.incomeFrequency,
    nextPmtDate: source.nextPmtDate,
    biMonthlyPayDate: source.biMonthlyPayDate ?? '',
    paymentAmount: source.paymentAmount,
    sourceStatus: source.sourceStatus,
  };
}

interface IncomeModalProps {
  /** null adds a new income source. */
  source: IncomeSourceRowFragment | null;
  onClose: () => void;
}

const REFETCH = [DashboardIncomeSourcesDocument, 'DashboardAnalysis'];

/** Add Income / Edit Income. */
export function IncomeModal({ source, onClose }: IncomeModalProps) {
  const today = todayIn(browserTimeZone());
  const validate = useCallback((values: IncomeForm) => validateIncomeForm(values, today), [today]);
  const form = useRecordForm(formOf(source), validate);
  const { values, setField, setValues } = form;
  // Suggestions load when the modal opens; a failure just leaves the list empty.
  const suggestionsQuery = useQuery(IncomeSuggestionsDocument, { errorPolicy: 'ignore' });
  const suggestions = useMemo<NameSuggestion[]>(
    () =>
      (suggestionsQuery.data?.incomeSourceSuggestions ?? []).map((s) => ({
        name: s.sourceName,
        url: s.sourceUrl,
      })),
    [suggestionsQuery.data],
  );
  const [addIncome] = useMutation(AddIncomeSourceDocument, { refetchQueries: REFETCH });
  const [updateIncome] = useMutation(UpdateIncomeSourceDocument, { refetchQueries: REFETCH });
  const twiceMonthly = values.incomeFrequency === 'TWICE_MONTHLY';

  function changeFrequency(frequency: IncomeFrequency | '') {
    // The second pay date only means something for Twice Monthly.
    setValues((current) => ({
      ...current,
      incomeFrequency: frequency,
      biMonthlyPayDate: frequency === 'TWICE_MONTHLY' ? current.biMonthlyPayDate : '',
    }));
  }

  async function save() {
    if (values.incomeFrequency === '' || values.paymentAmount === null) {
      await form.submit(async () => undefined);
      return;
    }
    const input = {
      sourceName: values.sourceName.trim(),
      sourceUrl: values.sourceUrl.trim() || null,
      sourceDescription: values.sourceDescription.trim() || null,
      incomeFrequency: values.incomeFrequency,
      nextPmtDate: values.nextPmtDate,
      biMonthlyPayDate: twiceMonthly ? values.biMonthlyPayDate : null,
      paymentAmount: values.paymentAmount,
      sourceStatus: values.sourceStatus,
      timeZone: browserTimeZone(),
    };
    const ok = await form.submit(() =>
      source ? updateIncome({ variables: { id: source.id, input } }) : addIncome({ variables: { input } }),
    );
    if (!ok) return;
    if (source) {
      onClose();
    } else {
      form.reset(EMPTY);
      form.setNotice('Income saved. Enter another or Close.');
    }
  }

  return (
    <RecordModal
      show
      mode={source ? 'edit' : 'add'}
      noun="Income"
      saving={form.saving}
      valid={form.valid}
      error={form.error}
      notice={form.notice}
      onSubmit={save}
      onClose={onClose}
    >
      <SuggestNameField
        id="income-source-name"
        label="Source"
        value={values.sourceName}
        suggestions={suggestions}
        error={form.fieldError('sourceName')}
        onChange={(name) => setField('sourceName', name)}
        onPick={(picked) =>
          setValues((current) => ({ ...current, sourceName: picked.name, sourceUrl: picked.url ?? '' }))
        }
        onBlur={() => form.touch('sourceName')}
      />
      <Form.Group className="mb-3" controlId="income-source-url">
        <Form.Label>Website</Form.Label>
        <Form.Control
          type="text"
          inputMode="url"
          maxLength={255}
          value={values.sourceUrl}
          isInvalid={Boolean(form.fieldError('sourceUrl'))}
          onChange={(e) => setField('sourceUrl', e.target.value)}
          onBlur={() => form.touch('sourceUrl')}
        />
        <Form.Control.Feedback type="invalid">{form.fieldError('sourceUrl')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="income-frequency">
        <Form.Label>Frequency Paid</Form.Label>
        <Form.Select
          value={values.incomeFrequency}
          isInvalid={Boolean(form.fieldError('incomeFrequency'))}
          onChange={(e) => changeFrequency(e.target.value as IncomeFrequency | '')}
          onBlur={() => form.touch('incomeFrequency')}
        >
          <option value="">Choose ...</option>
          {INCOME_FREQUENCY_OPTIONS.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{form.fieldError('incomeFrequency')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="income-next-pmt-date">
        <Form.Label>Last Pay Date</Form.Label>
        <Form.Control
          type="date"
          value={values.nextPmtDate}
          isInvalid={Boolean(form.fieldError('nextPmtDate'))}
          onChange={(e) => setField('nextPmtDate', e.target.value)}
          onBlur={() => form.touch('nextPmtDate')}
        />
        <Form.Control.Feedback type="invalid">{form.fieldError('nextPmtDate')}</Form.Control.Feedback>
      </Form.Group>
      {twiceMonthly && (
        <Form.Group className="mb-3" controlId="income-bimonthly-date">
          <Form.Label>Enter Next Pay Date</Form.Label>
          <Form.Control
            type="date"
            value={values.biMonthlyPayDate}
            isInvalid={Boolean(form.fieldError('biMonthlyPayDate'))}
            onChange={(e) => setField('biMonthlyPayDate', e.target.value)}
            onBlur={() => form.touch('biMonthlyPayDate')}
          />
          <Form.Control.Feedback type="invalid">{form.fieldError('biMonthlyPayDate')}</Form.Control.Feedback>
        </Form.Group>
      )}
      <Form.Group className="mb-3" controlId="income-amount">
        <Form.Label>Amount</Form.Label>
        <MoneyInput
          value={values.paymentAmount}
          isInvalid={Boolean(form.fieldError('paymentAmount'))}
          onValueChange={(v) => setField('paymentAmount', v)}
          onBlur={() => form.touch('paymentAmount')}
        />
        <Form.Control.Feedback type="invalid">{form.fieldError('paymentAmount')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Check
        className="mb-3"
        type="switch"
        id="income-active"
        label="Active (an inactive source is kept for history)"
        checked={values.sourceStatus}
        onChange={(e) => setField('sourceStatus', e.target.checked)}
      />
      <Form.Group className="mb-3" controlId="income-notes">
        <Form.Label>Notes</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={255}
          value={values.sourceDescription}
          onChange={(e) => setField('sourceDescription', e.target.value)}
        />
      </Form.Group>
    </RecordModal>
  );
}
