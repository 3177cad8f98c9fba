import type { DataSource } from 'typeorm';
import type { EventOutbox } from '@app/events';
import { SEED_TEAMS, type SeedState } from '@app/seed';
import { DocumentListEvents } from '../documents/document-lists.events';
import { FoldersRepository } from '../documents/folders/folders.repository';
import { DocumentTypesRepository } from '../documents/types/document-types.repository';
import { TeamsRepository } from '../team/teams.repository';
import { waitForTeam } from './blackout-days.seed';

/**
 * The seeded teams' document types (SeedTeam.document_types), through team-admin's own document list code:
 * team-admin.document-types.changed goes out once per team that changed, as the application sends it. A
 * type already there is left alone. Answers how many types it added.
 */
export async function seedDocumentTypes(dataSource: DataSource, outbox: EventOutbox, state: SeedState): Promise<number> {
  const teams = new TeamsRepository(dataSource);
  const types = new DocumentTypesRepository(dataSource);
  const events = new DocumentListEvents(teams, new FoldersRepository(dataSource), types, outbox);
  let added = 0;
  for (const team of state.teams) {
    const names = SEED_TEAMS.find((seedTeam) => seedTeam.key === team.key)?.document_types ?? [];
    if (names.length === 0) continue;
    await waitForTeam(dataSource, team.team_id);
    await dataSource.transaction(async (manager) => {
      // The team's row lock orders this change with any other of its lists (as TeamTransactions.run does).
      await teams.lock(team.team_id, manager);
      await events.changingTypes(team.team_id, manager, async () => {
        for (const name of names) {
          if (await types.nameTaken(team.team_id, null, name, null, manager)) continue;
          await types.insert(team.team_id, name, null, manager);
          added += 1;
        }
      });
    });
  }
  return added;
}
