import request from 'supertest';
import { DEFAULT_MESSAGE_TEMPLATE } from '../src/documents/message-template/message-template.service';
import { bearer, bootTeamAdmin, type TeamAdminUnderTest } from './team-admin-test-app';

describe('send-document message template (/admin/document/message-template)', () => {
  let sut: TeamAdminUnderTest;
  beforeAll(async () => {
    sut = await bootTeamAdmin();
  });
  afterAll(() => sut.close());

  const get = (token: string) => request(sut.server).get('/api/admin/document/message-template').set(bearer(token));
  const patch = (token: string, body: object) =>
    request(sut.server).patch('/api/admin/document/message-template').set(bearer(token)).send(body);

  it('answers a default text until the team saves one', async () => {
    const team = await sut.newTeam();
    expect(DEFAULT_MESSAGE_TEMPLATE.length).toBeGreaterThan(0);
    expect((await get(team.tokens.admin).expect(200)).body).toEqual({ message_template: DEFAULT_MESSAGE_TEMPLATE });
  });

  it("saves the team's text (ADMIN or TRANC): 'Document message template updated successfully'", async () => {
    const team = await sut.newTeam();
    const other = await sut.newTeam();
    const text = 'Hi {client},\n\nYour documents are attached. Thanks!';
    expect((await patch(team.tokens.tc, { message_template: text }).expect(200)).body).toEqual({
      status: 'success',
      message: 'Document message template updated successfully',
      record: { message_template: text },
    });
    expect((await get(team.tokens.admin).expect(200)).body).toEqual({ message_template: text });
    expect((await get(other.tokens.admin).expect(200)).body).toEqual({ message_template: DEFAULT_MESSAGE_TEMPLATE });
  });

  it('requires the text, at most 5,000 characters', async () => {
    const team = await sut.newTeam();
    for (const body of [{}, { message_template: '' }, { message_template: ' \n ' }, { message_template: null }]) {
      expect((await patch(team.tokens.admin, body).expect(400)).body.errors).toEqual([{ field: 'message_template', error: 'Required' }]);
    }
    expect((await patch(team.tokens.admin, { message_template: 'x'.repeat(5001) }).expect(400)).body.errors).toEqual([
      { field: 'message_template', error: 'At most 5,000 characters' },
    ]);
    await patch(team.tokens.admin, { message_template: 'x'.repeat(5000) }).expect(200);
    expect((await get(team.tokens.admin)).body.message_template).toHaveLength(5000);
  });

  // Stored input: the template goes through the shared rich-text sanitiser.
  it('stores the template sanitised: scripts, images and handlers never reach it', async () => {
    const team = await sut.newTeam();
    const cases: Array<[string, string]> = [
      ['Hello <script>alert(1)</script>there', 'Hello there'],
      ['Hi "><img src=x onerror=alert(1)>', 'Hi "&gt;'],
      [
        '<p onclick="alert(1)">Attached</p><a href="javascript:alert(1)">open</a>',
        `<p>Attached</p><a target="_blank" rel="noopener noreferrer nofollow">open</a>`,
      ],
    ];
    for (const [sent, stored] of cases) {
      expect((await patch(team.tokens.admin, { message_template: sent }).expect(200)).body.record).toEqual({ message_template: stored });
      expect((await get(team.tokens.admin).expect(200)).body).toEqual({ message_template: stored });
    }
    // Markup without text is as missing as nothing.
    expect((await patch(team.tokens.admin, { message_template: '<script>alert(1)</script>' }).expect(400)).body.errors).toEqual([
      { field: 'message_template', error: 'Required' },
    ]);
  });
});
