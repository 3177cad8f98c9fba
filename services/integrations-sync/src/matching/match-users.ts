import type { SkySlopeUser } from '../skyslope/skyslope.client';

/** A user of the team as the read copy has them. */
export interface TeamUser {
  agent_id: number;
  email: string;
  skyslope_agent_guid: string | null;
}

export interface UserMatch {
  agent_id: number;
  guid: string;
  matching_email: string;
  skyslope_first_name: string;
  skyslope_last_name: string;
}

export interface MatchOutcome {
  matches: UserMatch[];
  /** Emails two or more SkySlope users hold: they match nobody. */
  ambiguousEmails: string[];
  /** Users whose own guid SkySlope does not list: left unmatched. */
  unknownGuids: { agent_id: number; guid: string }[];
}

const emailKey = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

/**
 * Matches the team's users to SkySlope's: a user's own skyslope_agent_guid, when set, is their match
 * (matching_email is SkySlope's email for it; a guid SkySlope does not list leaves them unmatched);
 * otherwise their email, trimmed and case aside, when exactly one SkySlope user holds it.
 */
export function matchUsers(teamUsers: readonly TeamUser[], skySlopeUsers: readonly SkySlopeUser[]): MatchOutcome {
  const byGuid = new Map(skySlopeUsers.map((user) => [user.userGuid, user]));
  const byEmail = new Map<string, SkySlopeUser[]>();
  for (const user of skySlopeUsers) {
    const key = emailKey(user.email);
    if (key) byEmail.set(key, [...(byEmail.get(key) ?? []), user]);
  }
  const ambiguous = new Set<string>();
  const matches: UserMatch[] = [];
  const unknownGuids: MatchOutcome['unknownGuids'] = [];
  for (const teamUser of teamUsers) {
    let found: SkySlopeUser | undefined;
    if (teamUser.skyslope_agent_guid) {
      found = byGuid.get(teamUser.skyslope_agent_guid);
      if (!found) unknownGuids.push({ agent_id: teamUser.agent_id, guid: teamUser.skyslope_agent_guid });
    } else {
      const holders = byEmail.get(emailKey(teamUser.email)) ?? [];
      if (holders.length === 1) found = holders[0];
      else if (holders.length > 1) ambiguous.add(emailKey(teamUser.email));
    }
    if (found) {
      matches.push({
        agent_id: teamUser.agent_id,
        guid: found.userGuid,
        matching_email: found.email ?? '',
        skyslope_first_name: found.firstName ?? '',
        skyslope_last_name: found.lastName ?? '',
      });
    }
  }
  return { matches, ambiguousEmails: [...ambiguous].sort(), unknownGuids };
}
