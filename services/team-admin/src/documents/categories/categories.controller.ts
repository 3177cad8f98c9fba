import { Body, Controller, Delete, Get, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, DOCUMENT_SETUP_ROLES } from '@app/contracts';
import { TEAM_ADMIN_MESSAGES } from '../../common/team-admin.errors';
import { CategoriesService } from './categories.service';
import { CategoryBodyDto, CategoryIdQueryDto, CategoryQueryDto } from './dto/category.dto';
import { ApiAnswer, ApiErrors, SUCCESS_SCHEMA } from '@app/platform';
import { CATEGORIES_SCHEMA, CATEGORY_SAVED_SCHEMA } from '../../team-admin.openapi';

const NAME_RULES = `name is required ("${ADMIN_MESSAGES.required}"), at most 100 characters, unique in the team, case-insensitively ("${TEAM_ADMIN_MESSAGES.categoryNameTaken}").`;

@ApiTags('document categories and types')
@ApiBearerAuth()
// Document setup (ADMIN, TRANC), reads included; the work area's own read comes with the transactions issue.
@Roles(...DOCUMENT_SETUP_ROLES)
@ApiErrors(401, 403)
@Controller('documents/categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @ApiOperation({
    summary: "The team's document categories {records: [{team_document_category_id, name}], pagination} (ADMIN, TRANC)",
    description: 'Ordered by name unless order_by says otherwise; fetch_all=true answers every category in one page.',
  })
  @ApiAnswer(200, CATEGORIES_SCHEMA)
  @ApiErrors(400, 404)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: CategoryQueryDto) {
    return this.categories.list(caller.team_id, query);
  }

  @Post()
  @ApiOperation({
    summary: `Create a category (ADMIN, TRANC): {status, message:"${ADMIN_MESSAGES.documentCategoryCreated}", record}`,
    description: NAME_RULES,
  })
  @ApiAnswer(201, CATEGORY_SAVED_SCHEMA)
  @ApiErrors(400, 404)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CategoryBodyDto) {
    return this.categories.create(caller.team_id, body.name);
  }

  @Patch()
  @ApiOperation({
    summary: `Rename a category (ADMIN, TRANC): {status, message:"${ADMIN_MESSAGES.documentCategoryUpdated}", record}`,
    description: NAME_RULES,
  })
  @ApiAnswer(200, CATEGORY_SAVED_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Query() query: CategoryIdQueryDto, @Body() body: CategoryBodyDto) {
    return this.categories.update(caller.team_id, query.team_document_category_id, body.name);
  }

  @Delete()
  @ApiOperation({
    summary: `Delete a category (ADMIN, TRANC): {status, message:"${ADMIN_MESSAGES.documentCategoryDeleted}"}`,
    description: 'Its document types stay, without a category.',
  })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Deleted')
  @ApiErrors(400, 404)
  remove(@CurrentUser() caller: AuthenticatedUser, @Query() query: CategoryIdQueryDto) {
    return this.categories.remove(caller.team_id, query.team_document_category_id);
  }
}
