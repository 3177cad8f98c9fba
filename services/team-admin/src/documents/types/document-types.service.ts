import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ADMIN_MESSAGES, type DocumentType, type RecordsResponse } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { pageWindowOf, sqlDirection } from '../../common/list-query.dto';
import { isUniqueViolation } from '../../common/postgres';
import { TEAM_ADMIN_MESSAGES } from '../../common/team-admin.errors';
import { TeamTransactions } from '../../team/team-transactions';
import { CategoriesRepository } from '../categories/categories.repository';
import { DocumentListEvents } from '../document-lists.events';
import { DocumentTypesRepository } from './document-types.repository';
import type { CreateDocumentTypeDto, DocumentTypeIdQueryDto, DocumentTypeQueryDto, UpdateDocumentTypeDto } from './dto/document-type.dto';

const nameTaken = () => new FieldErrorsException([{ field: 'name', error: TEAM_ADMIN_MESSAGES.typeNameTaken }]);

/** ?team_document_type_id=N or its alias ?id=N (the same value). */
export function typeIdOf(query: DocumentTypeIdQueryDto): number {
  const { team_document_type_id: typeId, id } = query;
  if (typeId === undefined && id === undefined) {
    throw new FieldErrorsException([{ field: 'team_document_type_id', error: ADMIN_MESSAGES.required }]);
  }
  if (typeId !== undefined && id !== undefined && typeId !== id) {
    throw new FieldErrorsException([{ field: 'id', error: 'Must equal team_document_type_id' }]);
  }
  return (typeId ?? id)!;
}

@Injectable()
export class DocumentTypesService {
  constructor(
    private readonly teams: TeamTransactions,
    private readonly types: DocumentTypesRepository,
    private readonly categories: CategoriesRepository,
    private readonly events: DocumentListEvents,
  ) {}

  async list(teamId: number, query: DocumentTypeQueryDto): Promise<RecordsResponse<DocumentType>> {
    await this.teams.read(teamId);
    const window = pageWindowOf(query);
    const { rows, total } = await this.types.list(teamId, {
      categoryId: query.team_document_category_id,
      orderBy: query.order_by,
      direction: sqlDirection(query.order_dir),
      limit: window.limit,
      offset: window.offset,
    });
    return { records: rows, pagination: window.paginate(total) };
  }

  create(teamId: number, body: CreateDocumentTypeDto) {
    return this.write(teamId, async (manager) => {
      const categoryId = body.team_document_category_id ?? null;
      await this.checkCategory(teamId, categoryId, manager);
      if (await this.types.nameTaken(teamId, categoryId, body.name, null, manager)) throw nameTaken();
      const id = await this.types.insert(teamId, body.name, categoryId, manager);
      return {
        status: 'success' as const,
        message: ADMIN_MESSAGES.documentTypeCreated,
        record: (await this.types.find(teamId, id, manager))!,
      };
    });
  }

  update(teamId: number, typeId: number, body: UpdateDocumentTypeDto) {
    return this.write(teamId, async (manager) => {
      const current = await this.types.find(teamId, typeId, manager);
      if (!current) throw new NotFoundException(TEAM_ADMIN_MESSAGES.typeNotFound);
      const name = body.name ?? current.name;
      const categoryId = body.team_document_category_id === undefined ? current.team_document_category_id : body.team_document_category_id;
      await this.checkCategory(teamId, categoryId, manager);
      if (await this.types.nameTaken(teamId, categoryId, name, typeId, manager)) throw nameTaken();
      await this.types.update(teamId, typeId, name, categoryId, manager);
      return {
        status: 'success' as const,
        message: ADMIN_MESSAGES.documentTypeUpdated,
        record: (await this.types.find(teamId, typeId, manager))!,
      };
    });
  }

  remove(teamId: number, typeId: number) {
    return this.write(teamId, async (manager) => {
      if (!(await this.types.delete(teamId, typeId, manager))) throw new NotFoundException(TEAM_ADMIN_MESSAGES.typeNotFound);
      return { status: 'success' as const, message: ADMIN_MESSAGES.documentTypeDeleted };
    });
  }

  /** The category must be one of the team's: another team's id is 404, as for every id. */
  private async checkCategory(teamId: number, categoryId: number | null, manager: EntityManager) {
    if (categoryId !== null && !(await this.categories.find(teamId, categoryId, manager))) {
      throw new NotFoundException(TEAM_ADMIN_MESSAGES.categoryNotFound);
    }
  }

  /** A write that changed the type list publishes it in the same transaction. */
  private async write<T>(teamId: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.teams.run(teamId, (manager) => this.events.changingTypes(teamId, manager, () => work(manager)));
    } catch (error) {
      if (isUniqueViolation(error, 'document_types_category_name_key')) throw nameTaken();
      throw error;
    }
  }
}
