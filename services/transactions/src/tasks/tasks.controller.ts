import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { TASK_ROLES } from '@app/contracts';
import { TaskBulkDto, TaskCreateDto, TaskIdParamDto, TaskListQueryDto, TaskUpdateDto } from './dto/tasks.dto';
import { TasksService } from './tasks.service';
import { ApiAnswer, ApiErrors, Idempotent } from '@app/platform';
import { TASK_ID_SCHEMA, TASK_LIST_SCHEMA, TASK_SCHEMA, TASK_STATUSES_SCHEMA, UPDATED_SCHEMA } from '../transactions.openapi';

@ApiTags('tasks')
@ApiBearerAuth()
@Roles(...TASK_ROLES)
@ApiErrors(401, 403)
@Controller('tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @Get('statuses')
  @ApiOperation({
    summary: 'The task statuses: {records: [{id, label, done}]} (Not Started, In Progress, Completed, Not Applicable; the last two done)',
  })
  @ApiAnswer(200, TASK_STATUSES_SCHEMA)
  statuses() {
    return this.tasks.statuses();
  }

  @Get()
  @ApiOperation({
    summary:
      'Tasks the caller reaches (of one transaction with client_id): {records, pagination}; due ascending, no due last. ' +
      "ADMIN, TRANC and ISISA: the team's; AGENT: of their transactions and assigned to them; VENDOR: assigned to them. CLIENT: 403.",
  })
  @ApiAnswer(200, TASK_LIST_SCHEMA)
  @ApiErrors(400, 404)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: TaskListQueryDto) {
    return this.tasks.list(caller, query);
  }

  @Patch('bulk')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sets assigned_to_agent_id, due_dt and status_id (the non-null ones) on every task; any refusal refuses all, with an error per task (field tasks.{task_id}). -> {updated}',
  })
  @ApiAnswer(200, UPDATED_SCHEMA)
  @ApiErrors(400, 404)
  bulk(@CurrentUser() caller: AuthenticatedUser, @Body() body: TaskBulkDto) {
    return this.tasks.bulk(caller, body);
  }

  @Get(':task_id')
  @ApiOperation({ summary: "A task with its transaction; another team's 404" })
  @ApiAnswer(200, TASK_SCHEMA)
  @ApiErrors(400, 404)
  one(@CurrentUser() caller: AuthenticatedUser, @Param() params: TaskIdParamDto) {
    return this.tasks.one(caller, params.task_id);
  }

  @Post()
  @Idempotent()
  @ApiOperation({
    summary: 'Adds a task to a transaction the caller sees (due_source manual; assignee default the caller). VENDOR: 403. -> the task',
  })
  @ApiAnswer(201, TASK_SCHEMA)
  @ApiErrors(400, 404)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: TaskCreateDto) {
    return this.tasks.create(caller, body);
  }

  @Patch(':task_id')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Changes by preset: status {status_id} (not for a notification task), due {due_dt}, assignee {assigned_to_agent_id}, details {name, dscr, doc_id}; another field 400 'Not allowed here'. " +
      'VENDOR: status and document of their own tasks. -> the task',
  })
  @ApiAnswer(200, TASK_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Param() params: TaskIdParamDto, @Body() body: TaskUpdateDto) {
    return this.tasks.update(caller, params.task_id, body);
  }

  @Delete(':task_id')
  @ApiOperation({ summary: 'Deletes a task (ADMIN, TRANC). -> {task_id}' })
  @ApiAnswer(200, TASK_ID_SCHEMA)
  @ApiErrors(400, 404)
  remove(@CurrentUser() caller: AuthenticatedUser, @Param() params: TaskIdParamDto) {
    return this.tasks.remove(caller, params.task_id);
  }
}
