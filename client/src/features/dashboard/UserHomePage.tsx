/** Placeholder until the dashboard lands (owned by the dashboard work, issue 9). */
export function UserHomePage() {
  return <h1>Dashboard</h1>;
}
