import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { DateInput } from '../../components/DateInput';
import Row from 'react-bootstrap/Row';
import { Field } from '../../components/Field';
import { MoneyInput } from '../../components/money';
import {
  AddLiabilityDocument,
  BillCategoriesDocument,
  CreditorSuggestionListDocument,
  UpdateLiabilityDocument,
} from '../../gql/graphql';
import type { DebtType, ExpenseFrequency, LiabilityRowFragment } from '../../gql/graphql';
import { readApr } from '@truenet/core';
import { browserTimeZone, todayIn } from '../../kit/dates';
import {
  DEBT_TYPE_OPTIONS,
  EXPENSE_FREQUENCY_OPTIONS,
  validateExpenseForm,
  type ExpenseForm,
} from '../../kit/domain';
import { RecordModal } from '../../kit/RecordModal';
import { ChooseOptions, NotesField, WebsiteField } from '../../kit/RecordFields';
import { SuggestNameField, type NameSuggestion } from '../../kit/SuggestNameField';
import { useRecordForm } from '../../kit/useRecordForm';
import { CategorySelect } from '../spending/CategorySelect';
import { WalletChoiceField } from '../wallets/WalletChoiceField';
import { BILL_LIST, MONEY_VIEWS } from '../../kit/moneyViews';

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
  walletId: '',
  apr: '',
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
    walletId: liability.walletId ?? '',
    apr: liability.apr === null || liability.apr === undefined ? '' : String(liability.apr),
  };
}

interface ExpenseModalProps {
  /** null adds a new expense. */
  liability: LiabilityRowFragment | null;
  onClose: () => void;
}

/** Half a row from the small breakpoint up, as Col sm={6} would. */
const HALF = 'col-sm-6 mb-3';

const REFETCH = [BILL_LIST, ...MONEY_VIEWS];

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
  // The bill's category: its own once chosen, else its type's (undefined: not touched here).
  const categories = useQuery(BillCategoriesDocument, { errorPolicy: 'ignore' });
  const storedCategory =
    categories.data?.liabilities.find((bill) => bill.id === liability?.id)?.categoryId ?? null;
  const [chosenCategory, setChosenCategory] = useState<string | null | undefined>(undefined);
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
      walletId: values.walletId || null,
      apr: readApr(values.apr),
      ...(chosenCategory === undefined ? {} : { categoryId: chosenCategory }),
      timeZone: browserTimeZone(),
    };
    await form.save(
      () =>
        liability
          ? updateLiability({ variables: { id: liability.id, input } })
          : addLiability({ variables: { input } }),
      {
        editing: liability !== null,
        onClose,
        empty: EMPTY,
        addedNotice: 'Expense saved. Enter another or Close.',
      },
    );
  }

  return (
    <RecordModal
      show
      mode={liability ? 'edit' : 'add'}
      noun="Expense"
      form={form}
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
      <WebsiteField
        id="expense-creditor-url"
        value={values.creditorUrl}
        error={form.fieldError('creditorUrl')}
        onChange={(url) => setField('creditorUrl', url)}
        onBlur={() => form.touch('creditorUrl')}
      />
      <Row>
        <Field
          id="expense-debt-type"
          label="Expense Type"
          error={form.fieldError('debtType')}
          className={HALF}
        >
          <Form.Select
            value={values.debtType}
            onChange={(e) => setField('debtType', e.target.value as DebtType | '')}
            {...form.control('debtType')}
          >
            <ChooseOptions options={DEBT_TYPE_OPTIONS} />
          </Form.Select>
        </Field>
        <Field id="expense-frequency" label="Frequency" error={form.fieldError('frequency')} className={HALF}>
          <Form.Select
            value={values.frequency}
            onChange={(e) => setField('frequency', e.target.value as ExpenseFrequency | '')}
            {...form.control('frequency')}
          >
            <ChooseOptions options={EXPENSE_FREQUENCY_OPTIONS} />
          </Form.Select>
        </Field>
      </Row>
      <Field id="expense-due-date" label="Next Date Due" error={form.fieldError('dueDate')}>
        <DateInput
          value={values.dueDate}
          onChange={(value) => setField('dueDate', value)}
          {...form.control('dueDate')}
        />
      </Field>
      <Row>
        <Field id="expense-payment" label="Amount" error={form.fieldError('payment')} className={HALF}>
          <MoneyInput
            value={values.payment}
            onValueChange={(v) => setField('payment', v)}
            {...form.control('payment')}
          />
        </Field>
        <Field
          id="expense-balance"
          label="Balance (optional)"
          error={form.fieldError('balance')}
          className={HALF}
        >
          <MoneyInput
            value={values.balance}
            onValueChange={(v) => setField('balance', v)}
            {...form.control('balance')}
          />
        </Field>
      </Row>
      {values.balance !== null && values.balance > 0 && (
        <Row>
          <Field
            id="expense-apr"
            label="APR % (optional)"
            error={form.fieldError('apr')}
            className={HALF}
            hint="For the debt plan: the yearly interest rate on your statement."
          >
            <Form.Control
              inputMode="decimal"
              value={values.apr}
              onChange={(e) => setField('apr', e.target.value)}
              {...form.control('apr')}
            />
          </Field>
        </Row>
      )}
      <Field
        id="expense-category"
        label="Category"
        hint="Where its payments count in Spending; without one, its type's."
        className="mb-3"
      >
        <CategorySelect
          categories={categories.data?.categories ?? []}
          value={chosenCategory === undefined ? storedCategory : chosenCategory}
          noneLabel="From its type"
          onChange={setChosenCategory}
        />
      </Field>
      <WalletChoiceField
        id="expense-wallet"
        label="Paid from"
        value={values.walletId}
        onChange={(walletId) => setField('walletId', walletId)}
      />
      <Form.Check
        className="mb-3"
        type="switch"
        id="expense-auto-pay"
        label="Auto Paid?"
        checked={values.autoPay}
        onChange={(e) => setField('autoPay', e.target.checked)}
      />
      <NotesField
        id="expense-notes"
        label="Notes"
        value={values.creditorDescription}
        onChange={(notes) => setField('creditorDescription', notes)}
      />
    </RecordModal>
  );
}
