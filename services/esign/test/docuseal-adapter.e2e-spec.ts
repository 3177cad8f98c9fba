import { createHmac } from 'node:crypto';
import type { EsignTemplateDetail } from '@app/contracts';
import { FAKE_DOCUSEAL_API_KEY, FAKE_DOCUSEAL_USER } from '../fake-docuseal';
import { RequestsRepository } from '../src/requests/requests.repository';
import type { Api, ApiCall } from './esign-test-kit';
import {
  ADMIN,
  BENCH_ADMIN,
  CALLERS,
  apiAs,
  bootProvider,
  purchaseFields,
  purchaseTemplate,
  seedReadCopies,
  sendBody,
  settlesAt,
  signerFor,
  statusOf,
  type BootedProvider,
  type PurchaseFields,
  type Signer,
} from './provider-test-kit';

// The DocuSeal adapter against the fake DocuSeal (spec 002): every submission state as a request status, the completed
// files downloaded once however often the poller comes (and handed to transactions once), the builder token, DocuSeal's
// 401/403 answered 502, 429 and 5xx tried again, and the API key in no log line and no answer.

describe('the DocuSeal adapter (ESIGN_PROVIDER=docuseal, against the fake DocuSeal)', () => {
  let booted: BootedProvider;
  let signer: Signer;
  let fields: PurchaseFields;
  let template: EsignTemplateDetail;
  /** Every answer of our API in this file, to look for the key in. */
  const answers: string[] = [];
  const recording = (api: Api): Api =>
    new Proxy(api, {
      get: (target, method: keyof Api) => (path: string, body?: unknown) => {
        const call = (target[method] as (path: string, body?: unknown) => ApiCall)(path, body);
        const keep = <T extends { text?: string; body?: unknown }>(response: T) => {
          answers.push(response.text ?? JSON.stringify(response.body ?? null));
          return response;
        };
        return {
          expect: async (status: number) => keep(await call.expect(status)),
          then: (resolve, reject) => call.then((response) => resolve!(keep(response)), reject),
        } as ApiCall;
      },
    });
  const admin = () => recording(apiAs(booted.server, ADMIN));
  const fake = () => booted.fake!.control;
  const send = async (extra: Record<string, unknown> = {}) =>
    (
      await admin()
        .post('/esign/requests', sendBody(template, fields, extra))
        .expect(201)
    ).body.esig_request_id as number;
  const submissionOf = async (id: number) =>
    Number(
      (await booted.query<{ external_id: string }>(`SELECT external_id FROM esign.requests WHERE esig_request_id = $1`, [id]))[0]
        .external_id,
    );
  const signers = (id: number) =>
    booted.query<{ role: string; status: string }>(
      `SELECT role, status FROM esign.request_signers WHERE esig_request_id = $1 ORDER BY role`,
      [id],
    );
  const count = async (sql: string, params: unknown[] = []) => Number((await booted.query<{ n: string }>(sql, params))[0].n);

  beforeAll(async () => {
    booted = await bootProvider('docuseal', { captureLogs: true });
    signer = signerFor(booted);
    await seedReadCopies(booted);
    fields = purchaseFields();
    template = await purchaseTemplate(booted, admin(), fields);
  }, 60_000);
  afterAll(async () => {
    await signer?.close();
    await booted?.close();
  });
  beforeEach(() => {
    fake().set({ eventTrackingData: false });
  });

  describe('submission states as request statuses', () => {
    it('pending S, opened V, partially signed P, completed C, each signer mirrored', async () => {
      const id = await send();
      const submission = (await fake().submission(await submissionOf(id))) as {
        submitters: { role: string; email: string; status: string }[];
      };
      expect(submission.submitters.map((s) => [s.role, s.email, s.status])).toEqual([
        ['Buyer', 'buyer@mail.test', 'sent'],
        ['Seller', 'seller@mail.test', 'sent'],
      ]);
      await signer.poll(id);
      expect(await statusOf(booted, id)).toBe('S');
      expect(await signers(id)).toEqual([
        { role: 'Buyer', status: 'I' },
        { role: 'Seller', status: 'I' },
      ]);
      await signer.open(id, 'Buyer');
      await signer.poll(id);
      expect(await statusOf(booted, id)).toBe('V');
      await signer.complete(id, 'Buyer');
      await signer.poll(id);
      expect(await statusOf(booted, id)).toBe('P');
      expect(await signers(id)).toEqual([
        { role: 'Buyer', status: 'C' },
        { role: 'Seller', status: 'I' },
      ]);
      await signer.complete(id, 'Seller');
      await signer.poll(id);
      expect(await statusOf(booted, id)).toBe('C');
      expect(await signers(id)).toEqual([
        { role: 'Buyer', status: 'C' },
        { role: 'Seller', status: 'C' },
      ]);
    });

    it('the submission DocuSeal was sent: our template, order, expiry, messages, prefilled and read-only values', async () => {
      fake().clearRequests();
      const id = await send({
        signature_order: 'S',
        email_config: {
          default: { subject: 'Please sign', body: 'Here it is.' },
          useRoleConfig: true,
          roles: {
            Buyer: { subject: 'For the buyer', body: 'Buyer, sign here: {{submitter.link}}' },
            Seller: { subject: 'For the seller', body: '' },
          },
        },
      });
      const [created] = fake().requests({ method: 'POST', pathPrefix: '/api/submissions' });
      const body = created.body as Record<string, unknown> & { submitters: Record<string, unknown>[] };
      const [templateCall] = fake().requests({ method: 'POST', pathPrefix: '/api/templates/pdf' });
      expect(templateCall.body).toMatchObject({
        name: 'Purchase Agreement',
        external_id: `request-${id}`,
        documents: [{ name: 'Purchase Agreement' }],
      });
      expect(body).toMatchObject({
        send_email: true,
        order: 'preserved',
        message: { subject: 'Please sign', body: 'Here it is.\n\n{{submitter.link}}' },
      });
      expect(Date.parse(body.expire_at as string)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      expect(body.submitters).toEqual([
        {
          role: 'Buyer',
          name: 'Zoë Buyer',
          email: 'buyer@mail.test',
          order: 1,
          message: { subject: 'For the buyer', body: 'Buyer, sign here: {{submitter.link}}' },
          values: {},
          fields: [{ name: 'Buyer phone', default_value: '5551234567', readonly: true }],
        },
        {
          role: 'Seller',
          name: 'Sam Seller',
          email: 'seller@mail.test',
          order: 2,
          message: { subject: 'For the seller', body: 'You have been sent Purchase Agreement to sign.\n\n{{submitter.link}}' },
          values: {},
          fields: [],
        },
      ]);
      // The request's template leaves DocuSeal's list once the submission holds its copy.
      expect(fake().requests({ method: 'DELETE', pathPrefix: '/api/templates/' })).toHaveLength(1);
    });

    it('declined D, with the reason; the sender is told', async () => {
      const id = await send();
      await signer.open(id, 'Seller');
      await signer.decline(id, 'Seller', 'Wrong price');
      await signer.poll(id);
      expect(await statusOf(booted, id)).toBe('D');
      expect(
        await booted.query(`SELECT status, decline_reason FROM esign.request_signers WHERE esig_request_id = $1 AND role = 'Seller'`, [id]),
      ).toEqual([{ status: 'D', decline_reason: 'Wrong price' }]);
      expect(
        await count(`SELECT count(*) AS n FROM esign.request_mails WHERE esig_request_id = $1 AND kind = 'declined' AND recipient = $2`, [
          id,
          ADMIN.email,
        ]),
      ).toBe(1);
    });

    it('expired E; the sender is told', async () => {
      const id = await send();
      await fake().expire(await submissionOf(id));
      await signer.poll(id);
      expect(await statusOf(booted, id)).toBe('E');
      expect(await count(`SELECT count(*) AS n FROM esign.request_mails WHERE esig_request_id = $1 AND kind = 'expired'`, [id])).toBe(1);
      await signer.poll(id);
      expect(await count(`SELECT count(*) AS n FROM esign.audit_events WHERE esig_request_id = $1 AND type = 'expired'`, [id])).toBe(1);
    });

    it('a bounce_email event F; out of F once the request gets further (a signer opens)', async () => {
      const id = await send();
      await signer.bounce(id, 'Buyer');
      await signer.poll(id);
      expect(await statusOf(booted, id)).toBe('F');
      await signer.poll(id);
      expect(await statusOf(booted, id)).toBe('F');
      await signer.open(id, 'Seller');
      await signer.poll(id);
      expect(await statusOf(booted, id)).toBe('V');
      const log = (await admin().get(`/esign/requests/${id}/audit-log`).expect(200)).body;
      expect(log.events.filter((e: { type: string }) => e.type === 'status_changed').map((e: { detail: string }) => e.detail)).toEqual([
        '- -> S',
        'S -> F',
        'F -> V',
      ]);
      expect(log.events.find((e: { type: string }) => e.type === 'mail_failed')).toMatchObject({
        actor: 'Zoë Buyer',
        email: 'buyer@mail.test',
        detail: 'Invitation email bounced: mailbox unavailable',
      });
    });

    it("DocuSeal's events become audit events once each, at DocuSeal's time; IP and user agent only when DocuSeal gives them", async () => {
      const id = await send();
      await signer.open(id, 'Buyer');
      await signer.poll(id);
      await signer.poll(id);
      const submission = (await fake().submission(await submissionOf(id))) as {
        submission_events: { id: number; event_type: string; event_timestamp: string }[];
      };
      const viewed = submission.submission_events.find((e) => e.event_type === 'view_form')!;
      const rows = await booted.query<{ type: string; ip: string | null; user_agent: string | null; ts: string }>(
        `SELECT type, ip, user_agent, to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ts FROM esign.audit_events WHERE esig_request_id = $1 AND external_id = $2`,
        [id, `docuseal-event-${viewed.id}`],
      );
      // The real API shows no ip and no ua in submission_events: null here.
      expect(rows).toEqual([{ type: 'viewed', ip: null, user_agent: null, ts: viewed.event_timestamp }]);
      expect(await count(`SELECT count(*) AS n FROM esign.audit_events WHERE esig_request_id = $1 AND external_id IS NOT NULL`, [id])).toBe(
        submission.submission_events.length,
      );

      // A DocuSeal that does show them (the fake's eventTrackingData): kept.
      fake().set({ eventTrackingData: true });
      await signer.complete(id, 'Buyer');
      await signer.poll(id);
      const signed = await booted.query(`SELECT ip, user_agent FROM esign.audit_events WHERE esig_request_id = $1 AND type = 'signed'`, [
        id,
      ]);
      expect(signed).toEqual([{ ip: '203.0.113.7', user_agent: 'Mozilla/5.0 (Contract; Jest) Signer/1.0' }]);
    });
  });

  it('the completed files are downloaded once however often the poller comes, and handed to transactions once', async () => {
    const id = await send();
    await fake().completeAll(await submissionOf(id), { ip: '203.0.113.7', ua: 'Signer' });
    fake().clearRequests();
    await signer.poll(id);
    expect(await statusOf(booted, id)).toBe('C');
    for (let i = 0; i < 3; i++) await signer.poll(id);
    // The poller's walk no longer even queues it.
    expect(await booted.app.get(RequestsRepository).openRequestIds(id - 1, 1)).not.toContain(id);
    const downloads = fake().requests({ method: 'GET', pathPrefix: '/file/' });
    expect(downloads).toHaveLength(2);
    expect(await booted.query(`SELECT final_key, audit_log_key FROM esign.requests WHERE esig_request_id = $1`, [id])).toEqual([
      { final_key: `requests/${id}/signed.pdf`, audit_log_key: `requests/${id}/audit-log.pdf` },
    ]);
    for (const key of [`requests/${id}/signed.pdf`, `requests/${id}/audit-log.pdf`])
      expect(booted.stored(key)!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      await count(
        `SELECT count(*) AS n FROM esign.outbox WHERE type = 'esign.request.completed' AND (payload->>'esig_request_id')::int = $1`,
        [id],
      ),
    ).toBe(1);
    // The sender is mailed once (DocuSeal mails the signers their copy).
    expect(await booted.query(`SELECT recipient FROM esign.request_mails WHERE esig_request_id = $1 AND kind = 'completed'`, [id])).toEqual(
      [{ recipient: ADMIN.email }],
    );
    // The signed document a user downloads is the stored one.
    expect((await admin().get(`/esign/requests/${id}/documents`).expect(200)).body).toMatchObject({
      filename: 'Purchase Agreement (signed).pdf',
    });
  });

  describe('the builder token', () => {
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString());

    it("an HS256 JWT signed with the API key, for an hour, with the template's DocuSeal ids chosen by the server; a new one each time", async () => {
      const before = Math.floor(Date.now() / 1000);
      // A template_id the client sends is not looked at.
      const answer = (
        await admin().get(`/esign/templates/${template.esig_template_id}/builder-token?template_id=999&external_id=evil`).expect(200)
      ).body;
      expect(answer).toMatchObject({
        provider: 'docuseal',
        esig_template_id: template.esig_template_id,
        template_id: Number(template.external_id),
        host: new URL(booted.fake!.url).host,
      });
      const [header, payload, signature] = answer.token.split('.');
      expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(createHmac('sha256', FAKE_DOCUSEAL_API_KEY).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
      const claims = decode(payload);
      const docusealTemplate = (await (
        await fetch(`${booted.fake!.apiUrl}/templates/${template.external_id}`, { headers: { 'x-auth-token': FAKE_DOCUSEAL_API_KEY } })
      ).json()) as { external_id: string };
      expect(claims).toMatchObject({
        user_email: FAKE_DOCUSEAL_USER.email,
        integration_email: ADMIN.email,
        template_id: Number(template.external_id),
        external_id: docusealTemplate.external_id,
        name: 'Purchase Agreement',
      });
      expect(answer.external_id).toBe(docusealTemplate.external_id);
      expect(claims.iat).toBeGreaterThanOrEqual(before);
      expect(claims.exp - claims.iat).toBe(3600);
      expect(claims.exp).toBeLessThanOrEqual(before + 24 * 3600);
      expect(answer.expires_at).toBe(new Date(claims.exp * 1000).toISOString());
      const again = (await admin().get(`/esign/templates/${template.esig_template_id}/builder-token`).expect(200)).body;
      expect(again.token).not.toBe(answer.token);
    });

    it("another team's template 404; without the e-sign permissions 403", async () => {
      await recording(apiAs(booted.server, BENCH_ADMIN)).get(`/esign/templates/${template.esig_template_id}/builder-token`).expect(404);
      const withoutEsign = [...CALLERS.values()].find(
        (caller) => caller.team_id === ADMIN.team_id && !caller.permissions.includes('agent_esign') && !caller.roles.includes('CLIENT'),
      );
      if (withoutEsign)
        await recording(apiAs(booted.server, withoutEsign)).get(`/esign/templates/${template.esig_template_id}/builder-token`).expect(403);
    });
  });

  describe("DocuSeal's refusals and failures", () => {
    const saveSchema = async (status: number) => {
      const current = (await admin().get(`/esign/templates/${template.esig_template_id}`).expect(200)).body as EsignTemplateDetail;
      const response = await admin()
        .put(`/esign/templates/${template.esig_template_id}/schema`, { ...current.schema, updated_ts: current.updated_ts })
        .expect(status);
      return { before: current, response };
    };

    it("401 or 403: 502 'E-sign provider rejected the request', logged, and nothing changes here", async () => {
      fake().failNext({ status: 401, method: 'GET', pathPrefix: '/api/templates/' });
      const { before, response } = await saveSchema(502);
      expect(response.body).toEqual({ status: 'error', message: 'E-sign provider rejected the request' });
      expect((await admin().get(`/esign/templates/${template.esig_template_id}`).expect(200)).body.updated_ts).toBe(before.updated_ts);

      const requests = await count(`SELECT count(*) AS n FROM esign.requests`);
      fake().failNext({ status: 403, method: 'POST', pathPrefix: '/api/templates/pdf' });
      const refused = await admin().post('/esign/requests', sendBody(template, fields)).expect(502);
      expect(refused.body).toEqual({ status: 'error', message: 'E-sign provider rejected the request' });
      expect(await count(`SELECT count(*) AS n FROM esign.requests`)).toBe(requests);
      expect(booted.logs.filter((line) => line.includes('DocuSeal rejected'))).toHaveLength(2);
      expect(booted.logs.find((line) => line.includes('DocuSeal rejected GET /templates/'))).toContain('(401: Not authenticated)');
    });

    it('a send DocuSeal refuses after the template was made: nothing stored here, the template taken back there', async () => {
      const requests = await count(`SELECT count(*) AS n FROM esign.requests`);
      fake().clearRequests();
      fake().failNext({
        status: 422,
        method: 'POST',
        pathPrefix: '/api/submissions',
        body: { error: 'email is invalid in `submitters[0]`.' },
      });
      const refused = await admin().post('/esign/requests', sendBody(template, fields)).expect(502);
      expect(refused.body.message).toBe('E-sign provider refused the request: email is invalid in `submitters[0]`.');
      expect(await count(`SELECT count(*) AS n FROM esign.requests`)).toBe(requests);
      expect(fake().requests({ method: 'DELETE', pathPrefix: '/api/templates/' })).toHaveLength(1);
    });

    it('429 and 5xx are tried again (3 tries, Retry-After honoured) and the call succeeds', async () => {
      fake().clearRequests();
      fake().failNext({ status: 429, count: 2, method: 'GET', pathPrefix: '/api/templates/', retryAfterSeconds: 0 });
      await saveSchema(200);
      const reads = fake().requests({ method: 'GET', pathPrefix: `/api/templates/${template.external_id}` });
      expect(reads.map((r) => [r.status, r.injected ?? false])).toEqual([
        [429, true],
        [429, true],
        [200, false],
      ]);

      fake().clearRequests();
      fake().failNext({ status: 503, count: 1, method: 'PUT', pathPrefix: '/api/templates/' });
      fake().failNext({ status: 500, count: 1, method: 'PUT', pathPrefix: '/api/templates/' });
      await saveSchema(200);
      expect(
        fake()
          .requests({ method: 'PUT', pathPrefix: '/api/templates/' })
          .map((r) => r.status),
      ).toEqual([503, 500, 200]);

      // Retry-After: 1 second is waited for.
      fake().clearRequests();
      fake().failNext({ status: 429, count: 1, method: 'GET', pathPrefix: '/api/templates/', retryAfterSeconds: 1 });
      const started = Date.now();
      await saveSchema(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);

      // The poller's calls too.
      const id = await send();
      fake().clearRequests();
      fake().failNext({ status: 502, count: 2, method: 'GET', pathPrefix: '/api/submissions/' });
      await signer.open(id, 'Buyer');
      await settlesAt(booted, signer, id, 'V');
      expect(
        fake()
          .requests({ method: 'GET', pathPrefix: '/api/submissions/' })
          .slice(0, 3)
          .map((r) => r.status),
      ).toEqual([502, 502, 200]);
    }, 30_000);

    it("after 3 tries: 503 'E-sign provider is unavailable. Please try again.' and nothing changes", async () => {
      fake().clearRequests();
      fake().failNext({ status: 503, count: 3, method: 'GET', pathPrefix: '/api/templates/', retryAfterSeconds: 0 });
      const { before, response } = await saveSchema(503);
      expect(response.body).toEqual({ status: 'error', message: 'E-sign provider is unavailable. Please try again.' });
      expect(fake().requests({ method: 'GET', pathPrefix: '/api/templates/' })).toHaveLength(3);
      expect((await admin().get(`/esign/templates/${template.esig_template_id}`).expect(200)).body.updated_ts).toBe(before.updated_ts);
    });
  });

  it('the API key is in no log line and no answer', () => {
    expect(booted.logs.length).toBeGreaterThan(10);
    expect(booted.logs.filter((line) => line.includes('DocuSeal'))).not.toEqual([]);
    expect(booted.logs.filter((line) => line.includes(FAKE_DOCUSEAL_API_KEY))).toEqual([]);
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((text) => text.includes(FAKE_DOCUSEAL_API_KEY))).toEqual([]);
    // Nor did it go anywhere but DocuSeal's API (file downloads carry none).
    expect(
      fake()
        .requests({ pathPrefix: '/file/' })
        .every((r) => r.auth === 'none' && !JSON.stringify(r.headers).includes(FAKE_DOCUSEAL_API_KEY)),
    ).toBe(true);
  });
});
