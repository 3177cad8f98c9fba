import { Body, Controller, Delete, Get, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, DOCUMENT_SETUP_ROLES } from '@app/contracts';
import { TEAM_ADMIN_MESSAGES } from '../../common/team-admin.errors';
import { FieldErrorsException, ApiAnswer, ApiErrors, SUCCESS_SCHEMA } from '@app/platform';
import { CreateFolderDto, DeleteFolderDto, FolderPatchQueryDto, FolderQueryDto, UpdateFolderDto } from './dto/folder.dto';
import { FoldersService } from './folders.service';
import { FOLDER_SAVED_SCHEMA, FOLDERS_SCHEMA } from '../../team-admin.openapi';

const NAME_RULES = `folder_name is required ("${ADMIN_MESSAGES.required}"), at most 100 characters, unique in the team including the system folders, case-insensitively ("${TEAM_ADMIN_MESSAGES.folderNameTaken}").`;

@ApiTags('document folders')
@ApiBearerAuth()
// Document setup (ADMIN, TRANC), reads included; the work area's own read comes with the transactions issue.
@Roles(...DOCUMENT_SETUP_ROLES)
@ApiErrors(401, 403)
@Controller('documents/folders')
export class FoldersController {
  constructor(private readonly folders: FoldersService) {}

  @Get()
  @ApiOperation({
    summary: "The team's document folders {records, pagination}, or one folder {record} with ?folder_id= (ADMIN, TRANC)",
    description:
      'transaction_type b or s lists the folders of that type plus the All folders (transaction_type null); empty or absent lists all. fetch_all=true answers every folder in one page. ' +
      "Default order: system folders (-1 General, -2 Signed Documents) first, then folder_name. Another team's folder_id: 404.",
  })
  @ApiAnswer(200, FOLDERS_SCHEMA)
  @ApiErrors(400, 404)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: FolderQueryDto) {
    if (query.folder_id !== undefined) return this.folders.get(caller.team_id, query.folder_id);
    return this.folders.list(caller.team_id, query);
  }

  @Post()
  @ApiOperation({
    summary: `Create a folder (ADMIN, TRANC): {status, message:"${ADMIN_MESSAGES.folderCreated}", record}`,
    description: `${NAME_RULES} client_visible and vendor_visible default to false (private).`,
  })
  @ApiAnswer(201, FOLDER_SAVED_SCHEMA)
  @ApiErrors(400, 404)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateFolderDto) {
    return this.folders.create(caller.team_id, body);
  }

  @Patch()
  @ApiOperation({
    summary: `Change a folder (ADMIN, TRANC): {status, message:"${ADMIN_MESSAGES.folderUpdated}", record}`,
    description:
      `The folder is ?folder_id= or folder_id in the body (both: the same one). Any subset of the create body. ${NAME_RULES} ` +
      `Folders -1 and -2: 403 "${ADMIN_MESSAGES.systemFolderLocked}". transaction_type and fetch_all in the query are ignored.`,
  })
  @ApiAnswer(200, FOLDER_SAVED_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Query() query: FolderPatchQueryDto, @Body() body: UpdateFolderDto) {
    return this.folders.update(caller.team_id, folderIdOf(query, body), body);
  }

  @Delete()
  @ApiOperation({
    summary: `Delete a folder (ADMIN, TRANC): {status, message:"${ADMIN_MESSAGES.folderRemoved}"}`,
    description: `The folder is ?folder_id= or folder_id in the body (both: the same one). Folders -1 and -2: 403 "${ADMIN_MESSAGES.systemFolderLocked}".`,
  })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Deleted')
  @ApiErrors(400, 404)
  remove(@CurrentUser() caller: AuthenticatedUser, @Query() query: FolderPatchQueryDto, @Body() body: DeleteFolderDto = {}) {
    return this.folders.remove(caller.team_id, folderIdOf(query, body ?? {}));
  }
}

/** The folder a PATCH or DELETE names, by the query or by the body (spec 000 section 7 calls both folder_id). */
function folderIdOf(query: FolderPatchQueryDto, body: { folder_id?: number }): number {
  const { folder_id: inQuery } = query;
  const { folder_id: inBody } = body;
  if (inQuery !== undefined && inBody !== undefined && inQuery !== inBody) {
    throw new FieldErrorsException([{ field: 'folder_id', error: TEAM_ADMIN_MESSAGES.folderIdMismatch }]);
  }
  const id = inQuery ?? inBody;
  if (id === undefined) throw new FieldErrorsException([{ field: 'folder_id', error: ADMIN_MESSAGES.required }]);
  return id;
}
