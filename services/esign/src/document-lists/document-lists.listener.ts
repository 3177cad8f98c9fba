import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { DocumentListsRepository } from './document-lists.repository';

/** team-admin's folder list changed: esign's copy of the team's folders is replaced (an older revision delivered late is dropped). */
@Injectable()
export class UpdateDocumentFoldersWhenFoldersChange {
  constructor(private readonly lists: DocumentListsRepository) {}

  @HandleEvent('team-admin.document-folders.changed')
  async onFoldersChanged(event: EventEnvelope<'team-admin.document-folders.changed'>, manager: EntityManager) {
    if (event.team_id === null) return;
    await this.lists.replaceFolders(manager, event.team_id, event.payload.revision, event.payload.folders);
  }
}

/** team-admin's document type list changed: esign's copy of the team's types is replaced (an older revision is dropped). */
@Injectable()
export class UpdateDocumentTypesWhenTypesChange {
  constructor(private readonly lists: DocumentListsRepository) {}

  @HandleEvent('team-admin.document-types.changed')
  async onTypesChanged(event: EventEnvelope<'team-admin.document-types.changed'>, manager: EntityManager) {
    if (event.team_id === null) return;
    await this.lists.replaceTypes(manager, event.team_id, event.payload.revision, event.payload.types);
  }
}
