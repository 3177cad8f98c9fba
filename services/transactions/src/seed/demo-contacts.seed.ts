import type { DataSource } from 'typeorm';
import type { ContactWriter } from '../contacts/contact-writer';
import type { SeedPeople } from './demo-transactions';

/** The seeded contacts' email domain: how a second run knows they are there. */
export const DEMO_CONTACTS_DOMAIN = 'demo-contacts.test';

// 30 contacts of Demo Realty beside the transactions' own: 26 people and two duplicate pairs (same
// name and email, another phone and city), for the contacts list and its merge.
const PEOPLE: readonly [string, string, string][] = [
  ['Avery', 'Brooks', 'Austin'],
  ['Blake', 'Carter', 'Dallas'],
  ['Casey', 'Dunn', 'Houston'],
  ['Devon', 'Ellis', 'Austin'],
  ['Emerson', 'Fox', 'Plano'],
  ['Finley', 'Grant', 'Austin'],
  ['Gray', 'Hayes', 'Waco'],
  ['Harper', 'Irwin', 'Dallas'],
  ['Indy', 'James', 'Austin'],
  ['Jules', 'Keller', 'Round Rock'],
  ['Kai', 'Lawson', 'Austin'],
  ['Lane', 'Mercer', 'Houston'],
  ['Marlow', 'Nash', 'Austin'],
  ['Noel', 'Ortiz', 'Dallas'],
  ['Oakley', 'Price', 'Austin'],
  ['Parker', 'Quinn', 'Plano'],
  ['Quincy', 'Reed', 'Austin'],
  ['Remy', 'Shaw', 'Waco'],
  ['Sage', 'Turner', 'Austin'],
  ['Tatum', 'Underwood', 'Dallas'],
  ['Umi', 'Vaughn', 'Austin'],
  ['Vale', 'Whitaker', 'Houston'],
  ['Wren', 'Xiong', 'Austin'],
  ['Yael', 'Young', 'Plano'],
  ['Zion', 'Zimmerman', 'Austin'],
  ['Rowan', 'Abbott', 'Dallas'],
];
const DUPLICATES: readonly { first: string; last: string; cities: [string, string] }[] = [
  { first: 'Morgan', last: 'Ellison', cities: ['Austin', 'Pflugerville'] },
  { first: 'Priya', last: 'Raman', cities: ['Dallas', 'Irving'] },
];

/**
 * Demo Realty's 30 contacts (once: a second run adds nothing), written through the ContactWriter like
 * the application writes them, so their events reach the outbox. Most belong to the demo agent.
 */
export async function seedDemoContacts(
  dataSource: DataSource,
  writer: ContactWriter,
  teamId: number,
  people: SeedPeople,
  leadTypes: readonly number[],
): Promise<number> {
  const [{ n }]: { n: number }[] = await dataSource.query(
    `SELECT count(*)::int AS n FROM transactions.contacts WHERE team_id = $1 AND email LIKE $2`,
    [teamId, `%@${DEMO_CONTACTS_DOMAIN}`],
  );
  if (n > 0) return 0;
  const owners = [people.demoAgent, ...people.agents].filter((id): id is number => id !== undefined);
  const ownerOf = (i: number) => (i % 3 === 2 && owners.length > 1 ? owners[1 + (i % (owners.length - 1))] : owners[0]) ?? null;
  const phone = (i: number) => `512555${String(1000 + i).padStart(4, '0')}`;
  const rows = [
    ...PEOPLE.map(([first, last, city], i) => ({ first, last, city, email: `${first}.${last}`.toLowerCase(), agent: ownerOf(i), i })),
    ...DUPLICATES.flatMap((d, k) =>
      d.cities.map((city, j) => ({
        first: d.first,
        last: d.last,
        city,
        email: `${d.first}.${d.last}`.toLowerCase(),
        agent: owners[0] ?? null,
        i: 100 + k * 2 + j,
      })),
    ),
  ];
  await dataSource.transaction(async (manager) => {
    for (const row of rows) {
      await writer.create(manager, teamId, {
        first_name: row.first,
        last_name: row.last,
        email: `${row.email}@${DEMO_CONTACTS_DOMAIN}`,
        mobile_phone: phone(row.i),
        address_1: `${100 + row.i} Main St`,
        city: row.city,
        state: 'TX',
        postal_code: `78${String(700 + (row.i % 99)).padStart(3, '0')}`,
        lead_type_id: leadTypes.length ? leadTypes[row.i % leadTypes.length] : null,
        agent_id: row.agent,
        status: row.i === 20 ? 'inactive' : 'active',
      });
    }
  });
  return rows.length;
}
