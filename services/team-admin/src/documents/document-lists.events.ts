import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DocumentFolderSnapshot, DocumentTypeSnapshot } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { TeamsRepository } from '../team/teams.repository';
import { FoldersRepository } from './folders/folders.repository';
import { DocumentTypesRepository } from './types/document-types.repository';

/**
 * Publishes the team's whole folder list (team-admin.document-folders.changed) and type list
 * (team-admin.document-types.changed) with the next revision of that list, in the caller's transaction.
 * Callers hold the team's row lock (TeamTransactions.run), so the revisions follow the order of the changes.
 */
@Injectable()
export class DocumentListEvents {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly folders: FoldersRepository,
    private readonly types: DocumentTypesRepository,
    private readonly outbox: EventOutbox,
  ) {}

  /** Runs a write of the team's folders; publishes the list once if the write changed it. */
  async changingFolders<T>(teamId: number, manager: EntityManager, work: () => Promise<T>): Promise<T> {
    const before = await this.folders.snapshots(teamId, manager);
    const result = await work();
    const after = await this.folders.snapshots(teamId, manager);
    // A PATCH that sets the values a folder already has changes nothing a consumer keeps.
    if (!isDeepStrictEqual(before, after)) await this.publishFolders(teamId, manager, after);
    return result;
  }

  /** Runs a write of the team's types or categories; publishes the type list once if the write changed it. */
  async changingTypes<T>(teamId: number, manager: EntityManager, work: () => Promise<T>): Promise<T> {
    const before = await this.types.snapshots(teamId, manager);
    const result = await work();
    const after = await this.types.snapshots(teamId, manager);
    // Creating a category, or renaming one without types, leaves the type list as it was.
    if (!isDeepStrictEqual(before, after)) await this.publishTypes(teamId, manager, after);
    return result;
  }

  /** Both lists as they are now: a newly provisioned team (and the backfill) starts its consumers' copies. */
  async publishAll(teamId: number, manager: EntityManager): Promise<void> {
    await this.publishFolders(teamId, manager, await this.folders.snapshots(teamId, manager));
    await this.publishTypes(teamId, manager, await this.types.snapshots(teamId, manager));
  }

  private async publishFolders(teamId: number, manager: EntityManager, folders: DocumentFolderSnapshot[]) {
    const revision = await this.teams.nextRevision(teamId, 'document_folders_revision', manager);
    await this.outbox.publish(manager, 'team-admin.document-folders.changed', teamId, { revision, folders });
  }

  private async publishTypes(teamId: number, manager: EntityManager, types: DocumentTypeSnapshot[]) {
    const revision = await this.teams.nextRevision(teamId, 'document_types_revision', manager);
    await this.outbox.publish(manager, 'team-admin.document-types.changed', teamId, { revision, types });
  }
}
