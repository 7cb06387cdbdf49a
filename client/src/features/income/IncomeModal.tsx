import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import Form from 'react-bootstrap/Form';
import { DateInput } from '../../components/DateInput';
import { Field } from '../../components/Field';
import { MoneyInput } from '../../components/money';
import {
  AddIncomeSourceDocument,
  IncomeSuggestionsDocument,
  UpdateIncomeSourceDocument,
} from '../../gql/graphql';
import type { IncomeFrequency, IncomeSourceRowFragment } from '../../gql/graphql';
import { browserTimeZone, todayIn } from '../../kit/dates';
import { INCOME_FREQUENCY_OPTIONS, validateIncomeForm, type IncomeForm } from '../../kit/domain';
import { RecordModal } from '../../kit/RecordModal';
import { ChooseOptions, NotesField, WebsiteField } from '../../kit/RecordFields';
import { SuggestNameField, type NameSuggestion } from '../../kit/SuggestNameField';
import { useRecordForm } from '../../kit/useRecordForm';
import { WalletChoiceField } from '../wallets/WalletChoiceField';
import { MONEY_VIEWS, PAY_LIST } from '../../kit/moneyViews';

const EMPTY: IncomeForm = {
  sourceName: '',
  sourceUrl: '',
  sourceDescription: '',
  incomeFrequency: '',
  nextPmtDate: '',
  biMonthlyPayDate: '',
  paymentAmount: null,
  sourceStatus: true,
  walletId: '',
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
    walletId: source.walletId ?? '',
  };
}

interface IncomeModalProps {
  /** null adds a new income source. */
  source: IncomeSourceRowFragment | null;
  onClose: () => void;
}

const REFETCH = [PAY_LIST, ...MONEY_VIEWS];

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
      walletId: values.walletId || null,
      timeZone: browserTimeZone(),
    };
    await form.save(
      () =>
        source ? updateIncome({ variables: { id: source.id, input } }) : addIncome({ variables: { input } }),
      {
        editing: source !== null,
        onClose,
        empty: EMPTY,
        addedNotice: 'Income saved. Enter another or Close.',
      },
    );
  }

  return (
    <RecordModal
      show
      mode={source ? 'edit' : 'add'}
      noun="Income"
      form={form}
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
      <WebsiteField
        id="income-source-url"
        value={values.sourceUrl}
        error={form.fieldError('sourceUrl')}
        onChange={(url) => setField('sourceUrl', url)}
        onBlur={() => form.touch('sourceUrl')}
      />
      <Field id="income-frequency" label="Frequency Paid" error={form.fieldError('incomeFrequency')}>
        <Form.Select
          value={values.incomeFrequency}
          onChange={(e) => changeFrequency(e.target.value as IncomeFrequency | '')}
          {...form.control('incomeFrequency')}
        >
          <ChooseOptions options={INCOME_FREQUENCY_OPTIONS} />
        </Form.Select>
      </Field>
      <Field id="income-next-pmt-date" label="Last Pay Date" error={form.fieldError('nextPmtDate')}>
        <DateInput
          value={values.nextPmtDate}
          onChange={(value) => setField('nextPmtDate', value)}
          {...form.control('nextPmtDate')}
        />
      </Field>
      {twiceMonthly && (
        <Field
          id="income-bimonthly-date"
          label="Enter Next Pay Date"
          error={form.fieldError('biMonthlyPayDate')}
        >
          <DateInput
            value={values.biMonthlyPayDate}
            onChange={(value) => setField('biMonthlyPayDate', value)}
            {...form.control('biMonthlyPayDate')}
          />
        </Field>
      )}
      <Field id="income-amount" label="Amount" error={form.fieldError('paymentAmount')}>
        <MoneyInput
          value={values.paymentAmount}
          onValueChange={(v) => setField('paymentAmount', v)}
          {...form.control('paymentAmount')}
        />
      </Field>
      <WalletChoiceField
        id="income-wallet"
        label="Deposits to"
        value={values.walletId}
        onChange={(walletId) => setField('walletId', walletId)}
      />
      <Form.Check
        className="mb-3"
        type="switch"
        id="income-active"
        label="Active (an inactive source is kept for history)"
        checked={values.sourceStatus}
        onChange={(e) => setField('sourceStatus', e.target.checked)}
      />
      <NotesField
        id="income-notes"
        label="Notes"
        value={values.sourceDescription}
        onChange={(notes) => setField('sourceDescription', notes)}
      />
    </RecordModal>
  );
}
