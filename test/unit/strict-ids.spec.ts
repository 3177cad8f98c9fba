import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import type { ErrorResponse } from '@app/contracts';
import { FieldErrorsException, validationExceptionFactory } from '@app/platform';
import { UpdateAdminUserDto } from '../../services/identity/src/admin-users/dto/admin-user-form.dto';
import { AgentIdQueryDto } from '../../services/identity/src/admin-users/dto/admin-user-query.dto';
import { UpdateDefaultsDto } from '../../services/identity/src/defaults/dto/update-defaults.dto';
import { UpdateNotificationSettingDto } from '../../services/identity/src/notifications/dto/update-notification-setting.dto';
import { CategoryIdQueryDto } from '../../services/team-admin/src/documents/categories/dto/category.dto';
import { FolderPatchQueryDto } from '../../services/team-admin/src/documents/folders/dto/folder.dto';
import { CreateDocumentTypeDto } from '../../services/team-admin/src/documents/types/dto/document-type.dto';
import { UpdateTeamNotificationSettingDto } from '../../services/team-admin/src/notifications/dto/update-team-notification-setting.dto';
import { ContactMergeDto } from '../../services/transactions/src/contacts/dto/contact-merge.dto';
import { DocumentUploadDto } from '../../services/transactions/src/documents/dto/documents.dto';
import { UpdateFilterDto } from '../../services/transactions/src/filters/dto/filters.dto';
import { ReassignDto } from '../../services/transactions/src/reassignment/dto/reassignment.dto';
import { TaskCreateDto, TaskIdParamDto, TaskListQueryDto } from '../../services/transactions/src/tasks/dto/tasks.dto';
import { ClientIdParamDto } from '../../services/transactions/src/transactions/dto/transaction-edit.dto';

// Strict ids: the pipe PlatformModule installs, over real DTOs of three services.
const pipe = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: validationExceptionFactory,
});

type Dto = new () => object;

/** The error on `field` when `value` is sent there (other fields may fail too: only this one is read). */
async function errorOf(dto: Dto, type: ArgumentMetadata['type'], field: string, value: unknown, rest: Record<string, unknown> = {}) {
  try {
    const out = (await pipe.transform({ ...rest, [field]: value }, { type, metatype: dto })) as Record<string, unknown>;
    return { error: undefined, value: out[field] };
  } catch (error) {
    if (!(error instanceof FieldErrorsException)) throw error;
    const errors = (error.getResponse() as ErrorResponse).errors ?? [];
    return { error: errors.find((e) => e.field === field || e.field.startsWith(`${field}.`))?.error, value: undefined };
  }
}

// Values that loose parsing turned into an id: true -> 1, the strings -> 14.
const COERCIBLE = [true, false, '14', '0xe', '14e0', ' 14 ', '1', [14], { id: 14 }, 14.5, 0, -1, 2_147_483_648];

const BODY_IDS: Array<[string, Dto, string, Record<string, unknown>?, ((id: unknown) => unknown)?]> = [
  ['identity PATCH /admin/user agent_id', UpdateAdminUserDto, 'agent_id'],
  ['identity PATCH /user/notification_settings notification_id', UpdateNotificationSettingDto, 'notification_id', { enabled: true }],
  ['identity PATCH /user/profile/defaults default_buyer_form', UpdateDefaultsDto, 'default_buyer_form'],
  [
    'team-admin POST /documents/types team_document_category_id',
    CreateDocumentTypeDto,
    'team_document_category_id',
    { name: 'Inspection' },
  ],
  ['team-admin PATCH /admin/notification_settings notification_id', UpdateTeamNotificationSettingDto, 'notification_id', { enabled: true }],
  ['transactions POST /transactions/reassign from_agent_id', ReassignDto, 'from_agent_id', { to_agent_id: 3, type: 'all' }],
  ['transactions POST /tasks client_id', TaskCreateDto, 'client_id'],
  ['transactions PATCH /transactions/filters filter_id', UpdateFilterDto, 'filter_id'],
  ['transactions POST documents folder_id', DocumentUploadDto, 'folder_id'],
  ['transactions POST /contacts/merge contact_ids[]', ContactMergeDto, 'contact_ids', {}, (id) => [id, 15]],
];

describe('strict ids', () => {
  describe.each(BODY_IDS)('JSON body: %s', (name, dto, field, rest = {}, wrap = (id) => id) => {
    // A folder may be a system folder: -1 General, -2 Signed Documents.
    const refused = name.endsWith('folder_id') ? COERCIBLE.filter((v) => v !== -1) : COERCIBLE;
    it('takes a JSON integer as sent', async () => {
      const { error } = await errorOf(dto, 'body', field, wrap(14), rest);
      expect(error).toBeUndefined();
    });

    it.each(refused.map((v) => [JSON.stringify(v), v]))('refuses %s with a field error', async (_label, value) => {
      const { error } = await errorOf(dto, 'body', field, wrap(value), rest);
      expect(error).toEqual(expect.any(String));
    });
  });

  const QUERY_IDS: Array<[string, Dto, ArgumentMetadata['type'], string]> = [
    ['identity GET /admin/user?agent_id', AgentIdQueryDto, 'query', 'agent_id'],
    ['team-admin PATCH and DELETE /documents/folders?folder_id', FolderPatchQueryDto, 'query', 'folder_id'],
    ['team-admin PATCH /documents/categories?team_document_category_id', CategoryIdQueryDto, 'query', 'team_document_category_id'],
    ['transactions GET /tasks?client_id', TaskListQueryDto, 'query', 'client_id'],
    ['transactions /tasks/{task_id}', TaskIdParamDto, 'param', 'task_id'],
    ['transactions /transaction/{client_id}', ClientIdParamDto, 'param', 'client_id'],
  ];

  describe.each(QUERY_IDS)('query string or path: %s', (_name, dto, type, field) => {
    it("parses digits only: '14' is 14", async () => {
      expect(await errorOf(dto, type, field, '14')).toEqual({ error: undefined, value: 14 });
    });

    it.each(['0xe', '14e0', ' 14 ', '+14', '14.0', '1_4', 'true', '0', '2147483648', '99999999999'])('refuses %j', async (value) => {
      const { error } = await errorOf(dto, type, field, value);
      expect(error).toEqual(expect.any(String));
    });
  });
});
