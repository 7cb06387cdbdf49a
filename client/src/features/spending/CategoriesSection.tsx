import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { MoneyInput } from '../../components/money';
import { SpinnerButton } from '../../components/SpinnerButton';
import {
  AddCategoryDocument,
  AddCategoryRuleDocument,
  ArchiveCategoryDocument,
  CategoryRulesDocument,
  DeleteCategoryRuleDocument,
  RenameCategoryDocument,
  UpdateCategoryRuleDocument,
  SpendingCategoriesDocument,
  type CategoryRuleViewFragment,
  type CategoryViewFragment,
  type Direction,
} from '../../gql/graphql';
import { useHousehold } from '../households/useHousehold';
import { CategorySelect } from './CategorySelect';
import { categoryLabel } from './spendingView';

const REFRESH = ['SpendingCategories', 'CategoryRules', 'SpendingByCategory', 'SpendingRows', 'RowsToSort'];

/** What a rule asks of a row, in words: 'Description contains "bistro" · up to $20.00'. */
export function ruleConditions(rule: CategoryRuleViewFragment): string {
  const parts: string[] = [];
  if (rule.descriptionContains) parts.push(`Description contains “${rule.descriptionContains}”`);
  if (rule.payee) parts.push(`Payee is ${rule.payee}`);
  if (rule.amountMin !== null && rule.amountMax !== null)
    parts.push(`$${rule.amountMin.toFixed(2)} to $${rule.amountMax.toFixed(2)}`);
  else if (rule.amountMin !== null) parts.push(`$${rule.amountMin.toFixed(2)} or more`);
  else if (rule.amountMax !== null) parts.push(`up to $${rule.amountMax.toFixed(2)}`);
  if (rule.direction) parts.push(rule.direction === 'SPENT' ? 'money out' : 'money in');
  if (rule.walletId) parts.push('one wallet');
  return parts.join(' · ');
}

/** A name typed in place: Save or Cancel (Escape). */
function NameForm({
  label,
  initial,
  busy,
  onSave,
  onCancel,
}: {
  label: string;
  initial: string;
  busy: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(name);
  };
  return (
    <Form className="d-flex flex-wrap gap-2 mt-2" onSubmit={submit}>
      <Form.Control
        size="sm"
        aria-label={label}
        autoFocus
        maxLength={40}
        value={name}
        className="tn-name-input"
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <SpinnerButton size="sm" type="submit" busy={busy} busyLabel="Saving...">
        Save
      </SpinnerButton>
      <Button size="sm" variant="outline-secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </Form>
  );
}

type Editing = { kind: 'rename' | 'add'; category: CategoryViewFragment | null } | null;

/**
 * Manage Account's Categories (docs/product-rules.md §20): the household's categories (rename a
 * built-in, add its own, a child under any top-level one, archive with its rows moved) and its
 * rules, newest first, each with the rows it matches.
 */
export function CategoriesSection() {
  const { household } = useHousehold();
  const canWrite = household?.canWrite ?? false;
  const { data } = useQuery(SpendingCategoriesDocument);
  const rules = useQuery(CategoryRulesDocument);
  const [editing, setEditing] = useState<Editing>(null);
  const [archiving, setArchiving] = useState<CategoryViewFragment | null>(null);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [addCategory, adding] = useMutation(AddCategoryDocument, { refetchQueries: REFRESH });
  const [renameCategory, renaming] = useMutation(RenameCategoryDocument, { refetchQueries: REFRESH });
  const [archiveCategory, archivingBusy] = useMutation(ArchiveCategoryDocument, { refetchQueries: REFRESH });
  const [addRule, addingRule] = useMutation(AddCategoryRuleDocument, { refetchQueries: REFRESH });
  const [deleteRule, deletingRule] = useMutation(DeleteCategoryRuleDocument, { refetchQueries: REFRESH });
  const [updateRule, updatingRule] = useMutation(UpdateCategoryRuleDocument, { refetchQueries: REFRESH });
  // The rule being changed in the form below, or null: the form adds one.
  const [editingRule, setEditingRule] = useState<string | null>(null);
  const [rule, setRule] = useState({
    descriptionContains: '',
    payee: '',
    amountMin: null as number | null,
    amountMax: null as number | null,
    direction: '' as '' | Direction,
    categoryId: null as string | null,
    applyToPast: true,
  });
  const categories = data?.categories ?? [];
  const active = categories.filter((category) => !category.archived);
  const archived = categories.filter((category) => category.archived);

  async function run(work: () => Promise<unknown>, done: string, fallback: string) {
    setFeedback(null);
    try {
      await work();
      setFeedback({ variant: 'success', text: done });
      return true;
    } catch (failure) {
      setFeedback({ variant: 'danger', text: serverMessageOr(describeFailure(failure), fallback) });
      return false;
    }
  }

  async function saveName(name: string) {
    if (!editing) return;
    const ok =
      editing.kind === 'rename' && editing.category
        ? await run(
            () => renameCategory({ variables: { id: editing.category!.id, name } }),
            `Renamed to ${name.trim()}`,
            'The category could not be renamed. Try again.',
          )
        : await run(
            () => addCategory({ variables: { name, parentId: editing.category?.id ?? null } }),
            `${name.trim()} added`,
            'The category could not be added. Try again.',
          );
    if (ok) setEditing(null);
  }

  async function confirmArchive() {
    if (!archiving) return;
    const ok = await run(
      () => archiveCategory({ variables: { id: archiving.id, moveTo } }),
      `${archiving.name} archived`,
      'The category could not be archived. Try again.',
    );
    if (ok) setArchiving(null);
  }

  async function submitRule(event: FormEvent) {
    event.preventDefault();
    if (!rule.categoryId) {
      setFeedback({ variant: 'danger', text: 'Choose the category the rule puts rows in.' });
      return;
    }
    const input = {
      descriptionContains: rule.descriptionContains || null,
      payee: rule.payee || null,
      amountMin: rule.amountMin,
      amountMax: rule.amountMax,
      direction: rule.direction || null,
      categoryId: rule.categoryId,
      applyToPast: rule.applyToPast,
    };
    const ok = editingRule
      ? await run(
          () => updateRule({ variables: { id: editingRule, input } }),
          'Rule saved',
          'The rule could not be saved. Try again.',
        )
      : await run(
          () => addRule({ variables: { input } }),
          'Rule added',
          'The rule could not be added. Try again.',
        );
    if (ok) setEditingRule(null);
    if (ok) setRule({ ...rule, descriptionContains: '', payee: '', amountMin: null, amountMax: null });
  }

  return (
    <>
      <Card as="section" aria-labelledby="categories-title" className="mb-4 shadow-sm">
        <Card.Body>
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
            <Card.Title as="h2" id="categories-title" className="h5 mb-0">
              Categories
            </Card.Title>
            {canWrite && (
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => setEditing({ kind: 'add', category: null })}
              >
                Add a category
              </Button>
            )}
          </div>
          <p className="text-body-secondary small mt-2">
            Every row from your bank, a statement or your own entries gets a category. Rename any of them, add
            your own (one level inside another), or archive one you do not use.
          </p>
          {editing?.kind === 'add' && editing.category === null && (
            <NameForm
              label="New category's name"
              initial=""
              busy={adding.loading}
              onSave={(name) => void saveName(name)}
              onCancel={() => setEditing(null)}
            />
          )}
          <FormMessage feedback={feedback} />
          <ListGroup variant="flush" className="mt-2">
            {active.map((category) => (
              <ListGroup.Item key={category.id} className={category.parentId ? 'ps-4' : undefined}>
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <span className={category.parentId ? undefined : 'fw-semibold'}>{category.name}</span>
                  {category.key && <span className="badge text-bg-light border">Built-in</span>}
                  {canWrite && (
                    <span className="ms-auto d-flex gap-1">
                      <Button
                        size="sm"
                        variant="link"
                        aria-label={`Rename ${category.name}`}
                        onClick={() => setEditing({ kind: 'rename', category })}
                      >
                        Rename
                      </Button>
                      {!category.parentId && (
                        <Button
                          size="sm"
                          variant="link"
                          aria-label={`Add a category inside ${category.name}`}
                          onClick={() => setEditing({ kind: 'add', category })}
                        >
                          Add inside
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="link"
                        className="text-danger"
                        aria-label={`Archive ${category.name}`}
                        onClick={() => {
                          setMoveTo(null);
                          setArchiving(category);
                        }}
                      >
                        Archive
                      </Button>
                    </span>
                  )}
                </div>
                {editing?.category?.id === category.id && (
                  <NameForm
                    label={
                      editing.kind === 'rename'
                        ? `New name for ${category.name}`
                        : `Name inside ${category.name}`
                    }
                    initial={editing.kind === 'rename' ? category.name : ''}
                    busy={renaming.loading || adding.loading}
                    onSave={(name) => void saveName(name)}
                    onCancel={() => setEditing(null)}
                  />
                )}
              </ListGroup.Item>
            ))}
          </ListGroup>
          {archived.length > 0 && (
            <p className="small text-body-secondary mt-3 mb-0">
              Archived: {archived.map((category) => categoryLabel(category, categories)).join(', ')}
            </p>
          )}
        </Card.Body>
      </Card>

      <Card as="section" aria-labelledby="rules-title" className="mb-4 shadow-sm">
        <Card.Body>
          <Card.Title as="h2" id="rules-title" className="h5">
            Category rules
          </Card.Title>
          <p className="text-body-secondary small">
            A rule puts every row it matches in its category, before what TrueNet learned or knows. The newest
            rule that matches decides; a category you chose for one row yourself always stays.
          </p>
          {(rules.data?.categoryRules.length ?? 0) === 0 ? (
            <p className="small">No rules yet.</p>
          ) : (
            <ListGroup variant="flush" className="mb-3">
              {rules.data?.categoryRules.map((item) => (
                <ListGroup.Item key={item.id} className="d-flex flex-wrap align-items-center gap-2">
                  <span>
                    {ruleConditions(item)} → <strong>{categoryLabel(item.category, categories)}</strong>
                    <span className="d-block small text-body-secondary">
                      {`${item.matches} ${item.matches === 1 ? 'row matches' : 'rows match'}`}
                    </span>
                  </span>
                  {canWrite && (
                    <Button
                      size="sm"
                      variant="link"
                      className="ms-auto"
                      aria-label={`Change the rule ${ruleConditions(item)}`}
                      onClick={() => {
                        setEditingRule(item.id);
                        setRule({
                          descriptionContains: item.descriptionContains ?? '',
                          payee: item.payee ?? '',
                          amountMin: item.amountMin,
                          amountMax: item.amountMax,
                          direction: item.direction ?? '',
                          categoryId: item.category.id,
                          applyToPast: false,
                        });
                      }}
                    >
                      Change
                    </Button>
                  )}
                  {canWrite && (
                    <Button
                      size="sm"
                      variant="link"
                      className="text-danger"
                      disabled={deletingRule.loading}
                      onClick={() =>
                        void run(
                          () => deleteRule({ variables: { id: item.id } }),
                          'Rule deleted',
                          'The rule could not be deleted. Try again.',
                        )
                      }
                    >
                      Delete
                    </Button>
                  )}
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
          {canWrite && (
            <Form onSubmit={(event) => void submitRule(event)} aria-labelledby="rule-form-title">
              <h3 id="rule-form-title" className="h6">
                {editingRule ? 'Change the rule' : 'Add a rule'}
              </h3>
              <div className="row g-2">
                <Form.Group className="col-md-6" controlId="rule-words">
                  <Form.Label className="small mb-1">Description contains</Form.Label>
                  <Form.Control
                    size="sm"
                    maxLength={200}
                    value={rule.descriptionContains}
                    onChange={(event) => setRule({ ...rule, descriptionContains: event.target.value })}
                  />
                </Form.Group>
                <Form.Group className="col-md-6" controlId="rule-payee">
                  <Form.Label className="small mb-1">Payee is</Form.Label>
                  <Form.Control
                    size="sm"
                    maxLength={200}
                    value={rule.payee}
                    onChange={(event) => setRule({ ...rule, payee: event.target.value })}
                  />
                </Form.Group>
                <Form.Group className="col-6 col-md-3" controlId="rule-min">
                  <Form.Label className="small mb-1">Amount from</Form.Label>
                  <MoneyInput
                    size="sm"
                    value={rule.amountMin}
                    onValueChange={(amountMin) => setRule({ ...rule, amountMin })}
                  />
                </Form.Group>
                <Form.Group className="col-6 col-md-3" controlId="rule-max">
                  <Form.Label className="small mb-1">to</Form.Label>
                  <MoneyInput
                    size="sm"
                    value={rule.amountMax}
                    onValueChange={(amountMax) => setRule({ ...rule, amountMax })}
                  />
                </Form.Group>
                <Form.Group className="col-md-3" controlId="rule-direction">
                  <Form.Label className="small mb-1">Money</Form.Label>
                  <Form.Select
                    size="sm"
                    value={rule.direction}
                    onChange={(event) =>
                      setRule({ ...rule, direction: event.target.value as '' | Direction })
                    }
                  >
                    <option value="">In or out</option>
                    <option value="SPENT">Out</option>
                    <option value="DEPOSITED">In</option>
                  </Form.Select>
                </Form.Group>
                <Form.Group className="col-md-3" controlId="rule-category">
                  <Form.Label className="small mb-1">Put in</Form.Label>
                  <CategorySelect
                    size="sm"
                    categories={categories}
                    value={rule.categoryId}
                    noneLabel="Choose a category"
                    onChange={(categoryId) => setRule({ ...rule, categoryId })}
                  />
                </Form.Group>
              </div>
              <Form.Check
                id="rule-past"
                className="small mt-2"
                label="Also sort the rows it matches now"
                checked={rule.applyToPast}
                onChange={(event) => setRule({ ...rule, applyToPast: event.target.checked })}
              />
              <SpinnerButton
                size="sm"
                type="submit"
                className="mt-2"
                busy={addingRule.loading || updatingRule.loading}
                busyLabel="Saving..."
              >
                {editingRule ? 'Save rule' : 'Add rule'}
              </SpinnerButton>
              {editingRule && (
                <Button size="sm" variant="link" className="mt-2" onClick={() => setEditingRule(null)}>
                  Cancel
                </Button>
              )}
            </Form>
          )}
        </Card.Body>
      </Card>

      <Modal
        show={archiving !== null}
        onHide={() => setArchiving(null)}
        centered
        aria-labelledby="archive-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="archive-title" className="h5">
            Archive {archiving?.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {archiving?.name} leaves the pickers
            {archiving && !archiving.parentId ? ', with the categories inside it' : ''}. Its rows can move to
            another category, or stay where they are as history.
          </p>
          <Form.Group controlId="archive-move-to">
            <Form.Label>Move its rows to</Form.Label>
            <CategorySelect
              categories={active.filter(
                (category) => category.id !== archiving?.id && category.parentId !== archiving?.id,
              )}
              value={moveTo}
              noneLabel="Keep them where they are"
              onChange={setMoveTo}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setArchiving(null)} disabled={archivingBusy.loading}>
            Cancel
          </Button>
          <SpinnerButton
            variant="danger"
            busy={archivingBusy.loading}
            busyLabel="Archiving..."
            onClick={() => void confirmArchive()}
          >
            Archive
          </SpinnerButton>
        </Modal.Footer>
      </Modal>
    </>
  );
}
