import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryKey } from '../../gql/graphql';
import { renderWithApollo } from '../../kit/testing';
import { CategoriesSection, ruleConditions } from './CategoriesSection';

const category = (id: string, key: CategoryKey | null, name: string, parentId: string | null = null) => ({
  id,
  key,
  name,
  parentId,
  archived: false,
});

function setUp() {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  const categories = [category('2', 'GROCERIES', 'Groceries'), category('3', 'DINING', 'Dining')];
  renderWithApollo(<CategoriesSection />, {
    household: () => ({
      id: 'h',
      name: 'Home',
      personal: true,
      myRole: 'OWNER',
      canWrite: true,
      members: [{ id: '1', firstName: 'Pat', role: 'OWNER', you: true }],
    }),
    categories: () => categories,
    categoryRules: () => [],
    addCategory: (args: Record<string, unknown>) => {
      calls.push({ name: 'addCategory', args });
      const made = category('9', null, String(args.name), (args.parentId as string) ?? null);
      categories.push(made);
      return made;
    },
    archiveCategory: (args: Record<string, unknown>) => {
      calls.push({ name: 'archiveCategory', args });
      return true;
    },
  });
  return calls;
}

describe('CategoriesSection', () => {
  it('adds a category inside another, and archives one with its rows moved', async () => {
    const calls = setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a category inside Dining' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name inside Dining' }), 'Coffee{Enter}');
    await waitFor(() =>
      expect(calls).toEqual([{ name: 'addCategory', args: { name: 'Coffee', parentId: '3' } }]),
    );
    expect(await screen.findByText('Coffee added')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Archive Groceries' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Move its rows to'), 'Dining');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ name: 'archiveCategory', args: { id: '2', moveTo: '3' } }),
    );
  });

  it('changes a rule in the form it was written in', async () => {
    const updates: Record<string, unknown>[] = [];
    const dining = category('3', 'DINING', 'Dining');
    renderWithApollo(<CategoriesSection />, {
      household: () => ({
        id: 'h',
        name: 'Home',
        personal: true,
        myRole: 'OWNER',
        canWrite: true,
        members: [],
      }),
      categories: () => [category('2', 'GROCERIES', 'Groceries'), dining],
      categoryRules: () => [
        {
          id: '7',
          descriptionContains: 'bistro',
          payee: null,
          amountMin: null,
          amountMax: null,
          direction: null,
          walletId: null,
          category: dining,
          matches: 3,
        },
      ],
      updateCategoryRule: (args: Record<string, unknown>) => {
        updates.push(args);
        return {
          id: '7',
          descriptionContains: 'bistro',
          payee: null,
          amountMin: null,
          amountMax: 40,
          direction: null,
          walletId: null,
          category: dining,
          matches: 2,
        };
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: /^Change the rule Description contains/ }),
    );
    expect(screen.getByRole('heading', { name: 'Change the rule' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('to'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(updates).toEqual([
        {
          id: '7',
          input: expect.objectContaining({
            descriptionContains: 'bistro',
            amountMax: 40,
            categoryId: '3',
            applyToPast: false,
          }),
        },
      ]),
    );
  });

  it('says what a rule asks of a row', () => {
    expect(
      ruleConditions({
        id: '1',
        descriptionContains: 'bistro',
        payee: null,
        amountMin: null,
        amountMax: 20,
        direction: 'SPENT',
        walletId: null,
        category: category('3', 'DINING', 'Dining'),
        matches: 2,
      }),
    ).toBe('Description contains “bistro” · up to $20.00 · money out');
  });
});
