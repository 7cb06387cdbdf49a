/** The routes of the product specification, read from the URL fragment (`/#/userhome`). */
export const ROUTES = {
  landing: '/',
  loginhome: '/loginhome',
  login: '/login',
  createaccount: '/createaccount',
  commonquestions: '/commonquestions',
  contactus: '/contactus',
  resetpassword: '/resetpassword',
  userhome: '/userhome',
  manageaccount: '/manageaccount',
  changepassword: '/changepassword',
  validateemail: '/validateemail',
  help: '/help',
  invitation: '/invitation',
} as const;

const PROTECTED_PREFIXES = [
  ROUTES.userhome,
  ROUTES.manageaccount,
  ROUTES.changepassword,
  ROUTES.validateemail,
  ROUTES.help,
];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Where a signed-in account must go first, whatever it asked for (the product specification). */
export function requiredRouteForStatus(accountStatus: number): string | null {
  if (accountStatus === 3) return ROUTES.changepassword;
  if (accountStatus >= 999) return ROUTES.validateemail;
  return null;
}

/** The origin remembered when a session is lost on the way to a page. */
export interface FromState {
  from?: string;
}
