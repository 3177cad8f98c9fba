import { ADMIN_MESSAGES } from '@app/contracts';

/** Messages of the profile rules (documented in the OpenAPI description of PATCH /user/profile). */
export const PROFILE_MESSAGES = {
  capsMarket: 'Cap and split settings are not available for this team.',
  capsPermission: 'You do not have permission to change cap and split settings.',
  notesAdminOnly: 'Only administrators can change notes.',
  integrationsDisabled: 'Integrations are not enabled for this team.',
  // The user form's words: a taken email reads the same on both forms.
  emailInUse: ADMIN_MESSAGES.emailTaken,
  userNotFound: 'User not found',
} as const;
