import { EventBusTables1763700000000, OutboxJobs1763700000010 } from '@app/events';
import { IdempotencyKeys1763700003000 } from '@app/platform';
import { IdentityInitial1763700000100 } from './1763700000100-identity-initial';
import { IdentityPasswordRecovery1763700000110 } from './1763700000110-identity-password-recovery';
import { IdentityAccountSettings1763700000120 } from './1763700000120-identity-account-settings';
import { IdentityUserAdministration1763700000130 } from './1763700000130-identity-user-administration';
import { IdentityTeamSync1763700000140 } from './1763700000140-identity-team-sync';
import { IdentityProvisionExistingTeams1763700000150 } from './1763700000150-identity-provision-existing-teams';
import { IdentityNormalisePhones1763700000160 } from './1763700000160-identity-normalise-phones';
import { IdentityContactsReadCopy1763700000170 } from './1763700000170-identity-contacts-read-copy';
import { IdentityVendorEnrollment1763700000180 } from './1763700000180-identity-vendor-enrollment';
import { IdentityCommissionTemplates1763700000190 } from './1763700000190-identity-commission-templates';

export const identityMigrations = [
  EventBusTables1763700000000,
  OutboxJobs1763700000010,
  IdentityInitial1763700000100,
  IdentityPasswordRecovery1763700000110,
  IdentityAccountSettings1763700000120,
  IdentityUserAdministration1763700000130,
  IdentityTeamSync1763700000140,
  IdentityProvisionExistingTeams1763700000150,
  IdentityNormalisePhones1763700000160,
  IdentityContactsReadCopy1763700000170,
  IdentityVendorEnrollment1763700000180,
  IdentityCommissionTemplates1763700000190,
  IdempotencyKeys1763700003000,
];
