import {
  auditEventOf,
  declineReasonOf,
  requestStatusOf,
  signerMirrorOf,
  type DocusealSubmission,
  type DocusealSubmitter,
} from './docuseal-status';

const at = '2026-11-20T10:00:00.000Z';
const submitter = (id: number, status: DocusealSubmitter['status'], extra: Partial<DocusealSubmitter> = {}): DocusealSubmitter => ({
  id,
  email: `s${id}@mail.test`,
  name: `Signer ${id}`,
  role: id === 1 ? 'Buyer' : 'Seller',
  status,
  sent_at: status === 'awaiting' ? null : at,
  opened_at: ['opened', 'completed', 'declined'].includes(status) ? at : null,
  completed_at: status === 'completed' ? at : null,
  declined_at: status === 'declined' ? at : null,
  ...extra,
});
const submission = (
  status: DocusealSubmission['status'],
  submitters: DocusealSubmitter[],
  events: DocusealSubmission['submission_events'] = [],
): DocusealSubmission => ({
  id: 7,
  status,
  archived_at: null,
  expire_at: null,
  completed_at: status === 'completed' ? at : null,
  submitters,
  submission_events: events,
});

describe("DocuSeal's submission as our request", () => {
  it('maps every state: pending S, opened V, partially signed P, completed C, declined D, expired E', () => {
    expect(requestStatusOf(submission('pending', [submitter(1, 'sent'), submitter(2, 'awaiting')]))).toBe('S');
    expect(requestStatusOf(submission('pending', [submitter(1, 'opened'), submitter(2, 'sent')]))).toBe('V');
    expect(requestStatusOf(submission('pending', [submitter(1, 'completed'), submitter(2, 'sent')]))).toBe('P');
    expect(requestStatusOf(submission('pending', [submitter(1, 'completed'), submitter(2, 'opened')]))).toBe('P');
    expect(requestStatusOf(submission('completed', [submitter(1, 'completed'), submitter(2, 'completed')]))).toBe('C');
    expect(requestStatusOf(submission('declined', [submitter(1, 'completed'), submitter(2, 'declined')]))).toBe('D');
    // A decline wins over whatever else the submission says.
    expect(requestStatusOf(submission('pending', [submitter(1, 'declined'), submitter(2, 'sent')]))).toBe('D');
    expect(requestStatusOf(submission('expired', [submitter(1, 'opened'), submitter(2, 'sent')]))).toBe('E');
  });

  it("our signer mirrors their submitter: W, I, V, C, D with the times and a decline's reason", () => {
    expect(signerMirrorOf(submitter(1, 'awaiting'), null)).toMatchObject({ status: 'W', invited_ts: null });
    expect(signerMirrorOf(submitter(1, 'sent'), null)).toMatchObject({ status: 'I', invited_ts: at, viewed_ts: null });
    expect(signerMirrorOf(submitter(1, 'opened'), null)).toMatchObject({ status: 'V', viewed_ts: at });
    expect(signerMirrorOf(submitter(1, 'completed'), null)).toMatchObject({ status: 'C', completed_ts: at });
    expect(signerMirrorOf(submitter(1, 'declined'), 'No')).toMatchObject({ status: 'D', declined_ts: at, decline_reason: 'No' });
  });

  it('events become audit events keyed by their id, with IP and user agent only when given', () => {
    const buyer = submitter(1, 'opened');
    expect(auditEventOf({ id: 11, submitter_id: 1, event_type: 'view_form', event_timestamp: at, data: {} }, buyer)).toEqual({
      type: 'viewed',
      actor: 'Signer 1',
      email: 's1@mail.test',
      ip: null,
      user_agent: null,
      detail: 'Form viewed',
      ts: at,
      external_id: 'docuseal-event-11',
    });
    expect(
      auditEventOf(
        { id: 12, submitter_id: 1, event_type: 'complete_form', event_timestamp: at, data: { ip: '203.0.113.9', ua: 'Phone' } },
        buyer,
      ),
    ).toMatchObject({
      type: 'signed',
      ip: '203.0.113.9',
      user_agent: 'Phone',
    });
    expect(
      auditEventOf({ id: 13, submitter_id: 1, event_type: 'decline_form', event_timestamp: at, data: { reason: 'Wrong price' } }, buyer),
    ).toMatchObject({ type: 'declined', detail: 'Form declined: Wrong price' });
    expect(auditEventOf({ id: 14, submitter_id: 1, event_type: 'bounce_email', event_timestamp: at }, buyer)).toMatchObject({
      type: 'mail_failed',
    });
    expect(auditEventOf({ id: 15, submitter_id: 1, event_type: 'send_email', event_timestamp: at }, buyer)).toMatchObject({
      type: 'mail_queued',
    });
    expect(auditEventOf({ id: 16, submitter_id: 9, event_type: 'click_email', event_timestamp: at }, undefined)).toMatchObject({
      type: 'viewed',
      actor: 'DocuSeal',
      email: null,
      detail: 'DocuSeal click_email',
    });
    expect(
      declineReasonOf(
        submission(
          'declined',
          [buyer],
          [{ id: 13, submitter_id: 1, event_type: 'decline_form', event_timestamp: at, data: { reason: 'Wrong price' } }],
        ),
        1,
      ),
    ).toBe('Wrong price');
  });
});
