import { LOST_REASONS, type TransactionSide } from '@app/contracts';
import type { NewTransaction } from '../transactions/transaction-writer';
import { SEED_CUSTOM_FIELDS, STAGES_OF_STATUS, type TeamOptionIds } from './team-options.seed';

// The demo and bench transactions: item i of a team is always the same (a fixed random seed per item),
// so a second run adds nothing and a larger N adds items N0..N-1.

/** mulberry32: small, fast and deterministic. */
function rngOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Daniel',
  'Nancy',
  'Matthew',
  'Lisa',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Steven',
  'Ashley',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kevin',
  'Carol',
  'Brian',
  'Amanda',
  'George',
  'Melissa',
  'Ryan',
  'Deborah',
  'Jacob',
  'Stephanie',
  'Gary',
  'Rebecca',
  'Nicholas',
  'Laura',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
];
const STREETS = [
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Elm',
  'Willow',
  'Lake',
  'Hill',
  'Sunset',
  'Meadow',
  'Park',
  'River',
  'Forest',
  'Spring',
  'Highland',
  'Ridge',
  'Valley',
  'Washington',
  'Lincoln',
  'Jefferson',
];
const STREET_KINDS = ['St', 'Ave', 'Dr', 'Ln', 'Ct', 'Blvd', 'Way', 'Pl'];
const CITIES: readonly [string, string, string][] = [
  ['Springfield', 'IL', '62701'],
  ['Naperville', 'IL', '60540'],
  ['Evanston', 'IL', '60201'],
  ['Oak Park', 'IL', '60302'],
  ['Austin', 'TX', '78701'],
  ['Plano', 'TX', '75024'],
  ['Madison', 'WI', '53703'],
  ['Milwaukee', 'WI', '53202'],
  ['Carmel', 'IN', '46032'],
  ['Ann Arbor', 'MI', '48104'],
];
const TITLE_COMPANIES = ['First American Title', 'Chicago Title', 'Stewart Title', 'Old Republic Title'];
const LENDERS = ['Guaranteed Rate', 'Rocket Mortgage', 'Chase', 'Wells Fargo', 'Local Credit Union'];

/** Exact shares per 100 items: item i's bucket is (i x 61 + 7) mod 100, which visits every bucket once per 100. */
const STATUS_SHARES: readonly [string, number][] = [
  ['Pipeline', 20],
  ['Appointment Set', 8],
  ['Appointment Met', 7],
  ['Signed', 12],
  ['Under Contract', 15],
  ['Closed', 31],
  ['Lost', 7],
];
function statusOf(i: number): string {
  let bucket = (i * 61 + 7) % 100;
  for (const [label, share] of STATUS_SHARES) {
    if (bucket < share) return label;
    bucket -= share;
  }
  return 'Pipeline';
}
/** 55% buyers, exactly per 100. */
const sideOf = (i: number): TransactionSide => ((i * 37 + 11) % 100 < 55 ? 'b' : 's');

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The people a team's transactions are spread over (from identity's seeder result). */
export interface SeedPeople {
  agents: number[];
  tcs: number[];
  isas: number[];
  /** The demo agent, who owns the first 20. */
  demoAgent?: number;
  demoClient?: number;
  demoVendor?: number;
}

/** Item i of a team (`teamSeed` tells teams apart); `today` is midnight UTC of the run's day. */
export function demoTransaction(
  teamId: number,
  teamSeed: number,
  i: number,
  today: number,
  options: TeamOptionIds,
  people: SeedPeople,
): NewTransaction {
  const rand = rngOf(teamSeed * 1_000_003 + i);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const between = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const status = statusOf(i);
  const type = sideOf(i);

  // The status's dates, in order and never after today; created before the first of them.
  const dates: Partial<Record<string, string>> = {};
  let created: number;
  let last = today;
  const offsets = { apptSet: between(1, 10), apptMet: between(1, 10), signed: between(2, 20), uc: between(5, 60) };
  if (status === 'Under Contract') {
    const pastClose = rand() < 0.1;
    const estClose = pastClose ? today - between(1, 30) * DAY : today + between(1, 45) * DAY;
    const uc = pastClose ? estClose - between(25, 45) * DAY : today - between(0, 20) * DAY;
    dates.under_contract_dt = isoDay(uc);
    dates.est_close_dt = isoDay(estClose);
    last = uc;
  } else if (status === 'Closed') {
    const closed = today - between(0, 560) * DAY; // its milestones go back at most 145 days more
    const uc = closed - between(25, 45) * DAY;
    dates.closed_dt = isoDay(closed);
    dates.est_close_dt = isoDay(closed);
    dates.under_contract_dt = isoDay(uc);
    last = uc;
  } else if (status === 'Lost') {
    last = today - between(0, 600) * DAY;
    dates.lost_dt = isoDay(last);
  } else if (status !== 'Pipeline') {
    last = today - between(0, 600) * DAY;
  }
  const reached = ['Appointment Set', 'Appointment Met', 'Signed', 'Under Contract', 'Closed'].indexOf(status);
  // Walk back from the latest date through the earlier milestones this status has passed.
  let cursor = last;
  if (reached >= 3) {
    if (reached >= 4) cursor -= offsets.uc * DAY;
    dates.signed_dt = isoDay(cursor);
  }
  if (reached >= 2) {
    if (reached >= 3) cursor -= offsets.signed * DAY;
    dates.appt_met_dt = isoDay(cursor);
  }
  if (reached >= 1) {
    if (reached >= 2) cursor -= offsets.apptMet * DAY;
    dates.appt_set_dt = isoDay(cursor);
  }
  if (reached >= 0) created = cursor - offsets.apptSet * DAY;
  else created = status === 'Lost' ? last - between(5, 90) * DAY : today - between(0, 729) * DAY;
  // Everything within the last 24 months.
  created = Math.max(created, today - 729 * DAY);
  const createdTs = new Date(created + between(8 * 3600, 18 * 3600) * 1000).toISOString();

  const inContract = status === 'Signed' || status === 'Under Contract' || status === 'Closed';
  const trans_amt = between(150, 1500) * 1000;
  const gci_pct = between(250, 300) / 100;
  const leadType = options.leadTypes.length ? pick(options.leadTypes) : null;
  const tagCount = between(0, 3);
  const tags = [...new Set(Array.from({ length: tagCount }, () => pick(options.tags)))].filter((t) => t !== undefined);
  const firstName = pick(FIRST_NAMES);
  const lastName = pick(LAST_NAMES);
  const [city, state, zip] = pick(CITIES);
  const owner = i < 20 && people.demoAgent ? people.demoAgent : pick(people.agents);

  const custom: Record<string, string | number | null> = {};
  for (const field of SEED_CUSTOM_FIELDS) {
    if (field.client_type && field.client_type !== type) continue;
    if (rand() < 0.25) continue;
    switch (field.field_key) {
      case 'mls_number':
        custom.mls_number = `MLS${between(1_000_000, 9_999_999)}`;
        break;
      case 'loan_type':
        custom.loan_type = pick(field.options ?? []);
        break;
      case 'lender':
        custom.lender = pick(LENDERS);
        break;
      case 'earnest_money':
        custom.earnest_money = between(10, 200) * 100;
        break;
      case 'inspection_dt':
      case 'appraisal_dt':
        if (dates.under_contract_dt) custom[field.field_key] = isoDay(Date.parse(dates.under_contract_dt) + between(3, 14) * DAY);
        break;
      case 'financing_contingency':
        custom.financing_contingency = rand() < 0.7 ? 'Y' : 'N';
        break;
      case 'square_feet':
        custom.square_feet = between(800, 6000);
        break;
      case 'referral_pct':
        if (rand() < 0.3) custom.referral_pct = pick([20, 25, 30, 35]);
        break;
      case 'title_company':
        custom.title_company = pick(TITLE_COMPANIES);
        break;
      case 'listing_link':
        custom.listing_link = `https://listings.example.com/${between(100000, 999999)}`;
        break;
      case 'co_op_agent_email':
        custom.co_op_agent_email = `coop${between(1, 999)}@agents.example.com`;
        break;
    }
  }

  return {
    team_id: teamId,
    type,
    address_1: `${between(100, 9999)} ${pick(STREETS)} ${pick(STREET_KINDS)}`,
    address_2: rand() < 0.1 ? `Unit ${between(1, 40)}` : '',
    city,
    state,
    postal_code: zip,
    contact: {
      agent_id: owner,
      first_name: firstName,
      last_name: lastName,
      email: `${firstName}.${lastName}${i}@example.com`.toLowerCase(),
      mobile_phone: `555${String(between(0, 9_999_999)).padStart(7, '0')}`,
      lead_type_id: leadType,
    },
    primary_agent_id: owner,
    tc_agent_id: inContract && people.tcs.length ? pick(people.tcs) : null,
    client_user_ids: people.demoClient && i < 3 ? [people.demoClient] : [],
    vendor_user_ids: people.demoVendor && i >= 2 && i < 5 ? [people.demoVendor] : [],
    stage_id: options.stages.get(pick(STAGES_OF_STATUS[status])) ?? null,
    status_id: options.statuses.get(status)!,
    appt_set_dt: dates.appt_set_dt ?? null,
    appt_met_dt: dates.appt_met_dt ?? null,
    signed_dt: dates.signed_dt ?? null,
    under_contract_dt: dates.under_contract_dt ?? null,
    est_close_dt: dates.est_close_dt ?? null,
    closed_dt: dates.closed_dt ?? null,
    lost_dt: dates.lost_dt ?? null,
    lost_reason: status === 'Lost' ? pick(LOST_REASONS) : null,
    lead_type_id: leadType,
    original_lead_type_id: leadType,
    lead_type_date: isoDay(created),
    appt_set_by_agent_id: reached >= 0 && people.isas.length && rand() < 0.5 ? pick(people.isas) : null,
    trans_amt,
    gci_pct,
    custom_values: custom,
    tag_ids: tags,
    created_ts: createdTs,
  };
}
