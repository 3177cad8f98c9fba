import { createHash } from 'node:crypto';
import type { SkySlopeFileKind, SkySlopePreference, TransactionSnapshot } from '@app/contracts';
import type { SkySlopeContact, SkySlopeFileBody } from '../skyslope/skyslope.client';

/** What a transaction's sync needs besides its row: the team's choices and SkySlope's ids. */
export interface SkySlopeFileContext {
  officeGuid: string;
  agentGuid: string;
  checklistTypeId: number;
  prefs: Partial<Record<SkySlopePreference, boolean>>;
  /** Matched SkySlope guids by agent id (commission splits). */
  matchedGuids: ReadonlyMap<number, string>;
}

/** The contacts of a file, each with the key that says it was already added. */
export interface SkySlopeFileContact {
  key: string;
  contact: SkySlopeContact;
}

export interface SkySlopeFilePlan {
  kind: SkySlopeFileKind;
  body: SkySlopeFileBody;
  contacts: SkySlopeFileContact[];
  /** sha256 of the body and the contacts: an unchanged payload makes no call. */
  hash: string;
}

/** A buyer transaction is a sale, a seller transaction a listing. */
export const kindOf = (row: Pick<TransactionSnapshot, 'type'>): SkySlopeFileKind => (row.type === 's' ? 'listing' : 'sale');

/** Our transaction id as the file's fileId. */
export const fileIdOf = (clientId: number) => String(clientId);

/** '1208 Oak Hollow Dr' -> {streetNumber: '1208', streetAddress: 'Oak Hollow Dr'}; no leading number: all of it is the street. */
export function splitStreet(address: string): { streetNumber: string; streetAddress: string } {
  const trimmed = (address ?? '').trim();
  const match = /^(\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?)\s+(.+)$/.exec(trimmed);
  return match ? { streetNumber: match[1], streetAddress: match[2] } : { streetNumber: '', streetAddress: trimmed };
}

const nameParts = (name: string): { firstName: string; lastName: string } => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] };
};

const contactKey = (name: string, email: string | null | undefined) =>
  email?.trim() ? `email:${email.trim().toLowerCase()}` : `name:${name.trim().toLowerCase().replace(/\s+/g, ' ')}`;

/** The transaction's client, then its other contacts, once each (by email, or by name without one). */
export function contactsOf(row: TransactionSnapshot): SkySlopeFileContact[] {
  const out: SkySlopeFileContact[] = [];
  const seen = new Set<string>();
  const add = (firstName: string, lastName: string, email: string | null | undefined, phone: string | null | undefined) => {
    const name = `${firstName} ${lastName}`.trim();
    if (!name) return;
    const key = contactKey(name, email);
    if (seen.has(key)) return;
    seen.add(key);
    const contact: SkySlopeContact = { firstName, lastName };
    if (email?.trim()) contact.email = email.trim();
    if (phone?.trim()) contact.phoneNumber = phone.trim();
    out.push({ key, contact });
  };
  add(row.first_name ?? '', row.last_name ?? '', row.email, row.mobile_phone);
  for (const other of row.contacts ?? []) {
    const { firstName, lastName } = nameParts(other.name ?? '');
    add(firstName, lastName, other.email, null);
  }
  return out;
}

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

/**
 * The sale or listing of a transaction: office and agent, the first checklist type of its kind, the property
 * from the address, the price, the three dates; commission amount and percent only with send_commission,
 * splits (each matched agent of the deal in equal shares) only with send_commission_splits, the referral
 * percent only with send_referral.
 */
export function planSkySlopeFile(row: TransactionSnapshot, context: SkySlopeFileContext): SkySlopeFilePlan {
  const kind = kindOf(row);
  const { streetNumber, streetAddress } = splitStreet(row.address_1);
  const body: SkySlopeFileBody = {
    fileId: fileIdOf(row.client_id),
    agentGuid: context.agentGuid,
    officeGuid: context.officeGuid,
    checklistTypeId: context.checklistTypeId,
    property: {
      streetNumber,
      streetAddress,
      unit: (row.address_2 ?? '').trim(),
      city: (row.city ?? '').trim(),
      state: (row.state ?? '').trim(),
      zip: (row.postal_code ?? '').trim(),
    },
    ...(kind === 'sale' ? { salePrice: numberOrNull(row.trans_amt) } : { listingPrice: numberOrNull(row.trans_amt) }),
    contractAcceptanceDate: row.under_contract_dt ?? null,
    escrowClosingDate: row.est_close_dt ?? null,
    actualClosingDate: row.closed_dt ?? null,
  };
  if (context.prefs.send_commission) {
    body.commissionAmount = numberOrNull(row.gross_commission_amt);
    body.commissionPercent = numberOrNull(row.gci_pct);
  }
  if (context.prefs.send_commission_splits) {
    const agents = [...new Set([row.primary_agent_id, row.appt_set_by_agent_id].filter((id): id is number => typeof id === 'number'))];
    const guids = agents.map((id) => context.matchedGuids.get(id)).filter((guid): guid is string => Boolean(guid));
    const gross = numberOrNull(row.gross_commission_amt);
    body.commissionSplits = guids.map((agentGuid) => ({
      agentGuid,
      splitPercent: Math.round((100 / guids.length) * 100) / 100,
      amount: gross === null ? null : Math.round((gross / guids.length) * 100) / 100,
    }));
  }
  if (context.prefs.send_referral) {
    body.referral = { referralPercent: numberOrNull(row.custom_values?.referral_pct) };
  }
  const contacts = contactsOf(row);
  const hash = createHash('sha256').update(JSON.stringify({ kind, body, contacts })).digest('hex');
  return { kind, body, contacts, hash };
}
