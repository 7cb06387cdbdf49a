/** Manage account (routes manageaccount and manageaccount/{pmtsession}). */
export function ManageAccountPage() {
  return <h1 className="h3">Manage Account</h1>;
}
