import type { Permission, Role } from '@app/contracts';
import { effectivePermissions as sut } from './auth.service';

const user = (roles: Role[], own: Permission[], team: Permission[], esign_enabled: boolean) => ({
  roles,
  permissions: own,
  esign_enabled,
  team: { permissions: team },
});

describe('effectivePermissions', () => {
  it('joins the team plan and the user grant, in catalogue order, without repeats', () => {
    expect(sut(user(['ADMIN'], ['manage_tooltips', 'transaction_sync'], ['transaction_sync', 'team_esign'], false))).toEqual([
      'team_esign',
      'transaction_sync',
      'manage_tooltips',
    ]);
  });

  it('derives agent_esign from esign_enabled while the team has team_esign', () => {
    expect(sut(user(['AGENT'], [], ['team_esign'], true))).toEqual(['team_esign', 'agent_esign']);
    expect(sut(user(['AGENT'], [], ['team_esign'], false))).toEqual(['team_esign']);
    expect(sut(user(['AGENT'], [], [], true))).toEqual([]);
  });

  it('never takes agent_esign from a stored list: only esign_enabled grants it', () => {
    expect(sut(user(['AGENT'], ['agent_esign'], ['team_esign', 'agent_esign'], false))).toEqual(['team_esign']);
  });

  it.each<Role>(['CLIENT', 'VENDOR'])(
    'gives %s no permission at all (least privilege), even with esign_enabled or a stored grant',
    (role) => {
      expect(
        sut(user([role], ['manage_tooltips', 'allow_agent_edit_cap_amt'], ['team_esign', 'transaction_sync', 'manage_billing'], true)),
      ).toEqual([]);
    },
  );

  it('works for a user loaded without its team', () => {
    expect(sut({ roles: ['TRANC'], permissions: ['manage_tooltips'], esign_enabled: true, team: null })).toEqual(['manage_tooltips']);
  });
});
