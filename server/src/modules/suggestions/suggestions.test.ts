import type { TestApp } from '../../test/harness';
import { addIncomeSource, addLiability, newUser, ok, startFinanceApp } from '../../test/finance';

describe('name suggestions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFinanceApp();
  });
  afterAll(() => t.close());

  it("offers the curated creditors plus the user's own, never another user's, one per name", async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    await addLiability(t, user, { creditorName: 'My Landlord', creditorUrl: 'landlord.example.com' });
    await addLiability(t, user, { creditorName: 'NETFLIX', creditorUrl: 'netflix.example.com' });
    await addLiability(t, other, { creditorName: 'Secret Creditor' });

    const data = ok(
      await t.gql<{ creditorSuggestions: { creditorName: string; creditorUrl: string | null }[] }>(
        `{ creditorSuggestions { creditorName creditorUrl } }`,
        {},
        { token: user.token },
      ),
    );
    const names = data.creditorSuggestions.map((s) => s.creditorName);
    expect(names).toContain('Hulu');
    expect(names).toContain('My Landlord');
    expect(names).not.toContain('Secret Creditor');
    // Case-insensitive: the user's own spelling replaces the curated 'Netflix'.
    expect(data.creditorSuggestions.filter((s) => s.creditorName.toLowerCase() === 'netflix')).toEqual([
      { creditorName: 'NETFLIX', creditorUrl: 'netflix.example.com' },
    ]);
  });

  it("offers the curated payers plus the user's own income sources with their ids", async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    const own = await addIncomeSource(t, user, { sourceName: 'Side Gig' });
    await addIncomeSource(t, user, { sourceName: 'gusto' });
    await addIncomeSource(t, other, { sourceName: 'Hidden Employer' });

    const data = ok(
      await t.gql<{
        incomeSourceSuggestions: { id: string | null; sourceName: string; sourceUrl: string | null }[];
      }>(`{ incomeSourceSuggestions { id sourceName sourceUrl } }`, {}, { token: user.token }),
    );
    const names = data.incomeSourceSuggestions.map((s) => s.sourceName);
    expect(names).toContain('ADP Payroll');
    expect(names).not.toContain('Hidden Employer');
    expect(data.incomeSourceSuggestions.find((s) => s.sourceName === 'Side Gig')?.id).toBe(own.id);
    expect(names.filter((name) => name.toLowerCase() === 'gusto')).toEqual(['gusto']);
    expect(data.incomeSourceSuggestions.find((s) => s.sourceName === 'ADP Payroll')?.id).toBeNull();
  });
});
