import type { DataSource } from 'typeorm';

export const DEMO_FORMS: readonly { name: string; client_type_id: 'b' | 's'; edit_only: boolean }[] = [
  { name: 'Buyer Representation', client_type_id: 'b', edit_only: false },
  { name: 'Buyer Offer', client_type_id: 'b', edit_only: false },
  { name: 'Seller Listing', client_type_id: 's', edit_only: false },
  { name: 'Seller Disclosure', client_type_id: 's', edit_only: true },
];

/** Gives each demo team the buyer and seller forms unless it has them (idempotent). Returns how many were added. */
export async function seedTransactionsDemoForms(dataSource: DataSource, teamIds: readonly number[]): Promise<number> {
  let created = 0;
  for (const teamId of teamIds) {
    for (const [index, form] of DEMO_FORMS.entries()) {
      const rows: unknown[] = await dataSource.query(
        `INSERT INTO transactions.team_forms (team_id, name, client_type_id, edit_only, sort)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (team_id, lower(name)) DO NOTHING RETURNING team_form_id`,
        [teamId, form.name, form.client_type_id, form.edit_only, (index + 1) * 10],
      );
      created += rows.length;
    }
  }
  return created;
}
