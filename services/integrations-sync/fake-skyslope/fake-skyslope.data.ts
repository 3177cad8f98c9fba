// The fake's fixed credentials and seed. The Access Key and Secret are what an admin pastes on the
// integration page; the client id and secret are the integrator's (SKYSLOPE_CLIENT_ID / _SECRET).
export const FAKE_SKYSLOPE_ACCESS_KEY = 'fake-access-key-7c1e4b2a';
export const FAKE_SKYSLOPE_ACCESS_SECRET = 'fake-access-secret-3f9d6a0c5e8b41d7';
export const FAKE_SKYSLOPE_CLIENT_ID = 'fake-integrator-client-id';
export const FAKE_SKYSLOPE_CLIENT_SECRET = 'fake-integrator-client-secret-9a2b';

export const FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID = '5f0c2d1e-8a3b-4c6d-9e7f-0a1b2c3d4e01';
export const FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID = '5f0c2d1e-8a3b-4c6d-9e7f-0a1b2c3d4e02';

export interface FakeSkySlopeOffice {
  officeGuid: string;
  officeName: string;
  address?: string;
}

export interface FakeSkySlopeUser {
  userGuid: string;
  firstName: string;
  lastName: string;
  email: string;
  publicId: string;
  userType: string;
  officeGuid: string;
  isActive: boolean;
  phone?: string;
}

export interface FakeSkySlopeChecklistType {
  checklistTypeId: number;
  checklistTypeName: string;
  transactionType: 'sale' | 'listing';
}

export const FAKE_SKYSLOPE_OFFICES: readonly FakeSkySlopeOffice[] = [
  { officeGuid: FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID, officeName: 'Demo Realty Downtown', address: '100 Main St' },
  { officeGuid: FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID, officeName: 'Demo Realty Westside', address: '2200 Ocean Ave' },
];

const user = (
  n: number,
  firstName: string,
  lastName: string,
  email: string,
  userType: string,
  officeGuid: string,
  isActive = true,
): FakeSkySlopeUser => ({
  userGuid: `a1b2c3d4-0000-4000-8000-${String(n).padStart(12, '0')}`,
  firstName,
  lastName,
  email,
  publicId: `SS${String(1000 + n)}`,
  userType,
  officeGuid,
  isActive,
});

/**
 * Demo Realty's seeded users (libs/seed/src/seed-teams.ts) that exist in SkySlope: admin, tc, agent,
 * and restricted in other letter case (matching is case-insensitive); isa, client and vendor do not.
 * Then users that match nobody, one of them deactivated.
 */
export const FAKE_SKYSLOPE_USERS: readonly FakeSkySlopeUser[] = [
  user(1, 'Avery', 'Admin', 'admin@demo-realty.test', 'Broker', FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID),
  user(2, 'Taylor', 'Coordinator', 'tc@demo-realty.test', 'TransactionCoordinator', FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID),
  user(3, 'Alex', 'Agent', 'agent@demo-realty.test', 'Agent', FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID),
  user(4, 'Robin', 'Restricted', 'Restricted@Demo-Realty.TEST', 'Agent', FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID),
  user(5, 'Jordan', 'Outside', 'jordan.outside@elsewhere-brokerage.test', 'Agent', FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID),
  user(6, 'Morgan', 'Nomatch', 'morgan.nomatch@elsewhere-brokerage.test', 'Agent', FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID),
  user(7, 'Sam', 'Stranger', 'sam.stranger@skyslope-only.test', 'Agent', FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID),
  user(8, 'Dana', 'Departed', 'dana.departed@skyslope-only.test', 'Agent', FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID, false),
];

export const FAKE_SKYSLOPE_CHECKLIST_TYPES: readonly FakeSkySlopeChecklistType[] = [
  { checklistTypeId: 101, checklistTypeName: 'Residential Purchase', transactionType: 'sale' },
  { checklistTypeId: 102, checklistTypeName: 'Condo Purchase', transactionType: 'sale' },
  { checklistTypeId: 103, checklistTypeName: 'Short Sale', transactionType: 'sale' },
  { checklistTypeId: 201, checklistTypeName: 'Residential Listing', transactionType: 'listing' },
  { checklistTypeId: 202, checklistTypeName: 'Lease Listing', transactionType: 'listing' },
];

/** `count` generated users that match nobody (bench and paging tests), numbered after `from`. */
export function generatedFakeUsers(count: number, from = 1000, officeGuid = FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID): FakeSkySlopeUser[] {
  return Array.from({ length: count }, (_, i) =>
    user(from + i, 'Generated', `User${from + i}`, `generated.user${from + i}@skyslope-only.test`, 'Agent', officeGuid),
  );
}
