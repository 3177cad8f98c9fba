import type { EntityManager } from 'typeorm';
import { ADMIN_MESSAGES } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { LicenceLimitException } from './admin-users.errors';
import type { AdminUsersRepository, LockedTeam, TeamUsage } from './admin-users.repository';
import { licenceCountsOf, LicencesService } from './licences.service';

const team = (overrides: Partial<LockedTeam> = {}): LockedTeam => ({
  team_id: 1,
  name: 'T',
  permissions: [],
  user_licenses_total: 3,
  esign_seats_total: 2,
  ...overrides,
});
const manager = {} as EntityManager;

function serviceWith(usage: TeamUsage) {
  const repository: Pick<AdminUsersRepository, 'usage'> = { usage: jest.fn(async () => usage) };
  return new LicencesService(repository as AdminUsersRepository);
}

describe(licenceCountsOf.name, () => {
  it('answers totals, used and remaining (below 0 when over)', () => {
    expect(licenceCountsOf(team(), { used: 4, esign_used: 1 })).toEqual({
      total: 3,
      used: 4,
      remaining: -1,
      esign_total: 2,
      esign_used: 1,
      esign_remaining: 1,
    });
  });
});

describe(LicencesService.name, () => {
  it.each([
    ['a free licence', 3, 2, false],
    ['no licence left', 3, 3, true],
    ['a team over its total', 3, 5, true],
    ['no limit (total 0)', 0, 50, false],
  ])('licence with %s', async (_case, total, used, refused) => {
    const sut = serviceWith({ used, esign_used: 0 });
    const check = sut.assertCapacity(team({ user_licenses_total: total }), { licence: true, esignSeat: false }, manager);
    if (refused) await expect(check).rejects.toBeInstanceOf(LicenceLimitException);
    else await expect(check).resolves.toBeUndefined();
  });

  it.each([
    ['a free seat', 2, 1, false],
    ['no seat left', 2, 2, true],
    ['no limit (0 seats)', 0, 9, false],
  ])('e-sign seat with %s', async (_case, total, used, refused) => {
    const sut = serviceWith({ used: 0, esign_used: used });
    const check = sut.assertCapacity(team({ esign_seats_total: total }), { licence: false, esignSeat: true }, manager);
    if (refused) await expect(check).rejects.toMatchObject({ status: 403, response: { message: ADMIN_MESSAGES.noEsignSeats } });
    else await expect(check).resolves.toBeUndefined();
  });

  it('does not count when nothing is needed', async () => {
    const sut = serviceWith({ used: 99, esign_used: 99 });
    await expect(sut.assertCapacity(team(), { licence: false, esignSeat: false }, manager)).resolves.toBeUndefined();
  });

  it('the licence refusal carries the detail', () => {
    expect(new LicenceLimitException().getResponse()).toEqual({
      status: 'error',
      message: ADMIN_MESSAGES.noLicenses,
      detail: ADMIN_MESSAGES.noLicensesDetail,
    });
  });

  it('esign needs team_esign', () => {
    const sut = serviceWith({ used: 0, esign_used: 0 });
    expect(() => sut.assertEsignPermitted(team())).toThrow(FieldErrorsException);
    expect(() => sut.assertEsignPermitted(team({ permissions: ['team_esign'] }))).not.toThrow();
  });
});
