import request from 'supertest';
import { bootTeamAdmin, type TeamAdminUnderTest } from './team-admin-test-app';

describe('team-admin OpenAPI document', () => {
  let sut: TeamAdminUnderTest;
  beforeAll(async () => {
    sut = await bootTeamAdmin();
  });
  afterAll(() => sut.close());

  it('describes every administration route with its parameters and bodies', async () => {
    const { body } = await request(sut.server).get('/api/team-admin/openapi.json').expect(200);
    const operations = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/admin/team',
        'PATCH /api/admin/team',
        'GET /api/admin/team/logo',
        'POST /api/admin/team/logo',
        'POST /api/admin/team/logo/confirm',
        'DELETE /api/admin/team/logo',
        'GET /api/documents/folders',
        'POST /api/documents/folders',
        'PATCH /api/documents/folders',
        'DELETE /api/documents/folders',
        'GET /api/documents/categories',
        'POST /api/documents/categories',
        'PATCH /api/documents/categories',
        'DELETE /api/documents/categories',
        'GET /api/documents/types/manage',
        'POST /api/documents/types/manage',
        'PATCH /api/documents/types/manage',
        'DELETE /api/documents/types/manage',
        'GET /api/admin/document/message-template',
        'PATCH /api/admin/document/message-template',
        'GET /api/admin/notification_settings',
        'PATCH /api/admin/notification_settings',
        'GET /api/admin/team/blackout-days/options',
        'GET /api/admin/team/blackout-days',
        'POST /api/admin/team/blackout-day',
        'DELETE /api/admin/team/blackout-day',
      ]),
    );
    const folderQuery = (body.paths['/api/documents/folders'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(folderQuery).toEqual(
      expect.arrayContaining(['folder_id', 'transaction_type', 'fetch_all', 'page', 'per_page', 'order_by', 'order_dir']),
    );
    expect(Object.keys(body.components.schemas.UpdateTeamSettingsDto.properties)).toEqual(
      expect.arrayContaining(['name', 'address_1', 'address_2', 'city', 'state', 'postal_code', 'timezone']),
    );
    expect(body.components.schemas.CreateFolderDto.required).toEqual(['folder_name']);
  });
});
