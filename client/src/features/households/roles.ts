import type { HouseholdRole } from '../../gql/graphql';

/** A household role as people read it: on the dashboard, the members' list and the invitations. */
export const ROLE_LABELS: Record<HouseholdRole, string> = {
  OWNER: 'Owner',
  EDITOR: 'Editor',
  VIEWER: 'Viewer',
};
