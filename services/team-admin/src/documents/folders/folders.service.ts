import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ADMIN_MESSAGES, SYSTEM_FOLDER_IDS, type DocumentFolder, type RecordsResponse } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { pageWindowOf, sqlDirection } from '../../common/list-query.dto';
import { isUniqueViolation } from '../../common/postgres';
import { TEAM_ADMIN_MESSAGES } from '../../common/team-admin.errors';
import { teamOrNotFound } from '../../team/team-not-found';
import { TeamTransactions } from '../../team/team-transactions';
import { DocumentListEvents } from '../document-lists.events';
import type { CreateFolderDto, FolderQueryDto, UpdateFolderDto } from './dto/folder.dto';
import { FoldersRepository } from './folders.repository';

const nameTaken = () => new FieldErrorsException([{ field: 'folder_name', error: TEAM_ADMIN_MESSAGES.folderNameTaken }]);

@Injectable()
export class FoldersService {
  constructor(
    private readonly teams: TeamTransactions,
    private readonly folders: FoldersRepository,
    private readonly events: DocumentListEvents,
  ) {}

  async list(teamId: number, query: FolderQueryDto): Promise<RecordsResponse<DocumentFolder>> {
    const window = pageWindowOf(query);
    // One statement: the team's check, the page and the total.
    const { rows, total } = teamOrNotFound(
      await this.folders.list(teamId, {
        transactionType: query.transaction_type,
        orderBy: query.order_by,
        direction: sqlDirection(query.order_dir),
        limit: window.limit,
        offset: window.offset,
      }),
    );
    return { records: rows, pagination: window.paginate(total) };
  }

  async get(teamId: number, folderId: number): Promise<{ record: DocumentFolder }> {
    await this.teams.read(teamId);
    const folder = await this.folders.find(teamId, folderId);
    if (!folder) throw new NotFoundException(TEAM_ADMIN_MESSAGES.folderNotFound);
    return { record: folder };
  }

  create(teamId: number, body: CreateFolderDto) {
    return this.write(teamId, async (manager) => {
      if (await this.folders.nameTaken(teamId, body.folder_name, null, manager)) throw nameTaken();
      const record = await this.folders.insert(
        teamId,
        {
          folder_name: body.folder_name,
          transaction_type: body.transaction_type ?? null,
          // Private by default: only team members see a folder unless these are set.
          client_visible: body.client_visible ?? false,
          vendor_visible: body.vendor_visible ?? false,
        },
        manager,
      );
      return { status: 'success' as const, message: ADMIN_MESSAGES.folderCreated, record };
    });
  }

  update(teamId: number, folderId: number, body: UpdateFolderDto) {
    return this.write(teamId, async (manager) => {
      await this.editable(teamId, folderId, manager);
      if (body.folder_name !== undefined && (await this.folders.nameTaken(teamId, body.folder_name, folderId, manager))) throw nameTaken();
      const { folder_name, transaction_type, client_visible, vendor_visible } = body;
      const record = await this.folders.update(
        teamId,
        folderId,
        { folder_name, transaction_type, client_visible, vendor_visible },
        manager,
      );
      return { status: 'success' as const, message: ADMIN_MESSAGES.folderUpdated, record: record! };
    });
  }

  remove(teamId: number, folderId: number) {
    return this.write(teamId, async (manager) => {
      await this.editable(teamId, folderId, manager);
      await this.folders.delete(teamId, folderId, manager);
      return { status: 'success' as const, message: ADMIN_MESSAGES.folderRemoved };
    });
  }

  /** System folders are locked (403); another team's folder is not found (404). */
  private async editable(teamId: number, folderId: number, manager: EntityManager) {
    if (SYSTEM_FOLDER_IDS.includes(folderId)) throw new ForbiddenException(ADMIN_MESSAGES.systemFolderLocked);
    const folder = await this.folders.find(teamId, folderId, manager);
    if (!folder) throw new NotFoundException(TEAM_ADMIN_MESSAGES.folderNotFound);
    return folder;
  }

  /**
   * The team's row is locked, so two writes cannot both take a free name; the index catches anything else.
   * A write that changed the folder list publishes it in the same transaction.
   */
  private async write<T>(teamId: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.teams.run(teamId, (manager) => this.events.changingFolders(teamId, manager, () => work(manager)));
    } catch (error) {
      if (isUniqueViolation(error, 'document_folders_team_name_key')) throw nameTaken();
      throw error;
    }
  }
}
