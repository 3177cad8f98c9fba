/** Messages of the profile rules (documented in the OpenAPI description of PATCH /user/profile). */
export const PROFILE_MESSAGES = {
  capsMarket: 'Cap and split settings are not available for this team.',
  capsPermission: 'You do not have permission to change cap and split settings.',
  notesAdminOnly: 'Only administrators can change notes.',
  integrationsDisabled: 'Integrations are not enabled for this team.',
  emailInUse: 'This email address is already in use.',
  userNotFound: 'User not found',
} as const;
