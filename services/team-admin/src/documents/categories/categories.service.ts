import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ADMIN_MESSAGES, type DocumentCategory, type RecordsResponse } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { pageWindowOf, sqlDirection } from '../../common/list-query.dto';
import { isUniqueViolation } from '../../common/postgres';
import { TEAM_ADMIN_MESSAGES } from '../../common/team-admin.errors';
import { TeamTransactions } from '../../team/team-transactions';
import { DocumentListEvents } from '../document-lists.events';
import { CategoriesRepository } from './categories.repository';
import type { CategoryQueryDto } from './dto/category.dto';

const nameTaken = () => new FieldErrorsException([{ field: 'name', error: TEAM_ADMIN_MESSAGES.categoryNameTaken }]);

@Injectable()
export class CategoriesService {
  constructor(
    private readonly teams: TeamTransactions,
    private readonly categories: CategoriesRepository,
    private readonly events: DocumentListEvents,
  ) {}

  async list(teamId: number, query: CategoryQueryDto): Promise<RecordsResponse<DocumentCategory>> {
    await this.teams.read(teamId);
    const window = pageWindowOf(query);
    const { rows, total } = await this.categories.list(teamId, {
      orderBy: query.order_by,
      direction: sqlDirection(query.order_dir),
      limit: window.limit,
      offset: window.offset,
    });
    return { records: rows, pagination: window.paginate(total) };
  }

  create(teamId: number, name: string) {
    return this.write(teamId, async (manager) => {
      if (await this.categories.nameTaken(teamId, name, null, manager)) throw nameTaken();
      const record = await this.categories.insert(teamId, name, manager);
      return { status: 'success' as const, message: ADMIN_MESSAGES.documentCategoryCreated, record };
    });
  }

  update(teamId: number, categoryId: number, name: string) {
    return this.write(teamId, async (manager) => {
      await this.existing(teamId, categoryId, manager);
      if (await this.categories.nameTaken(teamId, name, categoryId, manager)) throw nameTaken();
      const record = await this.categories.rename(teamId, categoryId, name, manager);
      return { status: 'success' as const, message: ADMIN_MESSAGES.documentCategoryUpdated, record: record! };
    });
  }

  /** Its types stay, without a category. */
  remove(teamId: number, categoryId: number) {
    return this.write(teamId, async (manager) => {
      await this.existing(teamId, categoryId, manager);
      await this.categories.delete(teamId, categoryId, manager);
      return { status: 'success' as const, message: ADMIN_MESSAGES.documentCategoryDeleted };
    });
  }

  private async existing(teamId: number, categoryId: number, manager: EntityManager) {
    const category = await this.categories.find(teamId, categoryId, manager);
    if (!category) throw new NotFoundException(TEAM_ADMIN_MESSAGES.categoryNotFound);
    return category;
  }

  /** Types carry category_name: a rename or delete that changed the type list publishes it in the same transaction. */
  private async write<T>(teamId: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.teams.run(teamId, (manager) => this.events.changingTypes(teamId, manager, () => work(manager)));
    } catch (error) {
      if (isUniqueViolation(error, 'document_categories_team_name_key')) throw nameTaken();
      throw error;
    }
  }
}
