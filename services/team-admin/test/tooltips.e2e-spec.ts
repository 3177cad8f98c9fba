import request from 'supertest';
import { TOOLTIP_IDS, TOOLTIP_MESSAGES } from '@app/contracts';
import { signTestToken } from '@app/testing';
import { DEFAULT_TOOLTIPS, seedTooltips } from '../src/seed/tooltips.seed';
import { TooltipsService } from '../src/tooltips/tooltips.service';
import { bearer, bootTeamAdmin, TEAM_1, type TeamAdminUnderTest } from './team-admin-test-app';

describe(TooltipsService.name, () => {
  let sut: TeamAdminUnderTest;
  let manager: string;
  let agentInMarket7: string;
  let nextAgent = 5000;

  const token = (permissions: 'manage_tooltips'[] = [], market_id = 0, role: 'ADMIN' | 'AGENT' | 'VENDOR' | 'CLIENT' = 'ADMIN') =>
    signTestToken({ agent_id: ++nextAgent, team_id: TEAM_1.team_id, roles: [role], permissions, market_id });

  beforeAll(async () => {
    sut = await bootTeamAdmin();
    expect(await seedTooltips(sut.dataSource)).toBe(Object.keys(TOOLTIP_IDS).length);
    manager = await token(['manage_tooltips']);
    agentInMarket7 = await token([], 7, 'AGENT');
  }, 60_000);
  afterAll(() => sut.close());

  const get = (path: string, as: string) => request(sut.server).get(`/api${path}`).set(bearer(as));
  const patch = (path: string, body: object, as = manager) => request(sut.server).patch(`/api${path}`).set(bearer(as)).send(body);

  it('the seed has one tooltip per widget key, and a second run adds none', async () => {
    expect(await seedTooltips(sut.dataSource)).toBe(0);
    const body = (await get('/tooltips', agentInMarket7).expect(200)).body;
    expect(body.status).toBe('success');
    expect(Object.keys(body.tooltips).map(Number).sort()).toEqual(Object.values(TOOLTIP_IDS).sort());
    expect(body.tooltips['108']).toEqual({ id: 108, ...DEFAULT_TOOLTIPS.contacts });
  });

  it('any signed-in role reads them; signed out is 401', async () => {
    for (const role of ['AGENT', 'VENDOR', 'CLIENT'] as const) await get('/tooltips', await token([], 0, role)).expect(200);
    await request(sut.server).get('/api/tooltips').expect(401);
  });

  it("a market's own content overrides the default for that market only", async () => {
    const saved = await patch(`/tooltips/${TOOLTIP_IDS.reports}`, {
      market_id: 7,
      content: '<p>Market 7 reports</p>',
      position: 'left',
    }).expect(200);
    expect(saved.body).toMatchObject({
      status: 'success',
      message: 'Tooltip updated',
      record: { id: 101, market_id: 7, key: 'reports', content: '<p>Market 7 reports</p>', position: 'left' },
    });

    const market7 = (await get('/tooltips?market_id=7', agentInMarket7).expect(200)).body.tooltips;
    expect(market7['101']).toEqual({ id: 101, content: '<p>Market 7 reports</p>', position: 'left' });
    expect(market7['102']).toEqual({ id: 102, ...DEFAULT_TOOLTIPS['vendors-under-contract'] });
    const byDefault = (await get('/tooltips', agentInMarket7).expect(200)).body.tooltips;
    expect(byDefault['101']).toEqual({ id: 101, ...DEFAULT_TOOLTIPS.reports });
    expect((await get('/tooltips?market_id=0', agentInMarket7).expect(200)).body.tooltips['101'].content).toBe(
      DEFAULT_TOOLTIPS.reports.content,
    );

    expect((await get('/tooltips/101?market_id=7', manager).expect(200)).body).toMatchObject({
      market_id: 7,
      content: '<p>Market 7 reports</p>',
    });
    expect((await get('/tooltips/101?market_id=3', manager).expect(200)).body).toMatchObject({
      market_id: 0,
      content: DEFAULT_TOOLTIPS.reports.content,
    });
    const list = (await get('/tooltips/list', manager).expect(200)).body.records;
    expect(list.filter((r: { id: number }) => r.id === 101).map((r: { market_id: number }) => r.market_id)).toEqual([0, 7]);
    expect((await get('/tooltips/list?market_id=7', manager).expect(200)).body.records).toHaveLength(1);
  });

  it('a bad market_id is a 400 field error', async () => {
    for (const bad of ['abc', '-1', '1.5']) {
      const response = await get(`/tooltips?market_id=${bad}`, agentInMarket7).expect(400);
      expect(response.body.errors).toEqual([{ field: 'market_id', error: TOOLTIP_MESSAGES.marketId }]);
    }
    expect((await patch('/tooltips/101', { market_id: 'x', content: '<p>a</p>', position: 'top' }).expect(400)).body.errors).toEqual([
      { field: 'market_id', error: TOOLTIP_MESSAGES.marketId },
    ]);
  });

  it('the back office needs manage_tooltips: 403 without it, whatever the role', async () => {
    const admin = await token([], 0, 'ADMIN');
    await get('/tooltips/list', admin).expect(403);
    await get('/tooltips/101', admin).expect(403);
    await patch('/tooltips/101', { market_id: 0, content: '<p>x</p>', position: 'top' }, admin).expect(403);
    const agentWithPermission = await token(['manage_tooltips'], 0, 'AGENT');
    await get('/tooltips/list', agentWithPermission).expect(200);
  });

  it('sanitises the content: no script, event handlers or data: images', async () => {
    const dirty =
      '<p onclick="alert(1)">Help <strong>here</strong><script>alert(2)</script></p><img src="data:image/png;base64,iVBORw0KGgo="><p><a href="javascript:alert(3)">x</a> <a href="https://example.com/help">docs</a></p>';
    const saved = await patch('/tooltips/104', { market_id: 0, content: dirty, position: 'right' }).expect(200);
    const content: string = saved.body.record.content;
    expect(content).not.toMatch(/script|onclick|data:|<img|javascript:/i);
    expect(content).toContain('<strong>here</strong>');
    expect(content).toContain('href="https://example.com/help"');
    expect((await get('/tooltips', agentInMarket7).expect(200)).body.tooltips['104'].content).toBe(content);
  });

  it('refuses empty or too long content, an unknown position and an unknown id', async () => {
    const empty = await patch('/tooltips/105', { market_id: 0, content: '<p><br></p>', position: 'diagonal' }).expect(400);
    expect(empty.body.errors).toEqual([
      { field: 'content', error: 'This field is required' },
      { field: 'position', error: TOOLTIP_MESSAGES.position },
    ]);
    const long = await patch('/tooltips/105', { market_id: 0, content: `<p>${'a'.repeat(10_001)}</p>`, position: 'top' }).expect(400);
    expect(long.body.errors).toEqual([{ field: 'content', error: 'Please enter at most 10000 characters' }]);
    // 10,000 characters of stored HTML is the most.
    await patch('/tooltips/105', { market_id: 0, content: `<p>${'a'.repeat(9_993)}</p>`, position: 'top' }).expect(200);
    await patch('/tooltips/105', { market_id: 0, content: `<p>${'a'.repeat(9_994)}</p>`, position: 'top' }).expect(400);
    await patch('/tooltips/999', { market_id: 0, content: '<p>x</p>', position: 'top' }).expect(404);
    await get('/tooltips/999', manager).expect(404);
    await get('/tooltips/abc', manager).expect(400);
  });
});
