import type { DataSource } from 'typeorm';
import { readConfig } from '@app/platform';
import { LocalStorageDriver, S3StorageDriver, storageConfigSpec, storageOptionsFrom, type StorageService } from '@app/storage';
import type { EventOutbox } from '@app/events';
import { returned } from '../common/returned';

/** Every how many done tasks that need a document one gets a seeded PDF. */
const ONE_IN = 5;

/** The transactions service's storage as the running services have it (the seed runs with their environment). */
export function seedStorage(env: NodeJS.ProcessEnv = process.env): StorageService {
  const options = storageOptionsFrom({
    service: 'transactions',
    NODE_ENV: env.NODE_ENV ?? 'development',
    JWT_PUBLIC_KEY: env.JWT_PUBLIC_KEY ?? '',
    ...readConfig(storageConfigSpec, env),
  } as never);
  return options.driver === 's3' && options.s3 ? new S3StorageDriver(options.s3, 'transactions') : new LocalStorageDriver(options);
}

/** A one-page PDF naming the document (small, valid enough for any viewer). */
export function seedPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A small PDF on one in five of the team's done tasks that need a document and have none, in the General
 * folder: stored with the storage's server-side put, recorded, attached to its task, with the events the
 * application publishes. Idempotent (a task with a document is skipped). Answers how many it added.
 */
export async function seedTaskDocuments(
  dataSource: DataSource,
  outbox: EventOutbox,
  storage: StorageService,
  teamId: number,
): Promise<number> {
  const tasks: { task_id: number; client_id: number; doc_type_id: number; type_name: string; name: string; uploaded_by: number | null }[] =
    await dataSource.query(
      `SELECT k.task_id, k.client_id, k.doc_type_id, ty.name AS type_name, k.name, k.assigned_to_agent_id AS uploaded_by
       FROM transactions.tasks k JOIN transactions.document_types ty ON ty.team_id = k.team_id AND ty.doc_type_id = k.doc_type_id
      WHERE k.team_id = $1 AND k.done AND k.doc_id IS NULL AND k.task_id % $2 = 0 ORDER BY k.task_id`,
      [teamId, ONE_IN],
    );
  if (tasks.length === 0) return 0;
  const files: ((typeof tasks)[number] & { key: string; size: number; filename: string })[] = [];
  for (const task of tasks) {
    const key = `documents/${teamId}/${task.client_id}/seed-task-${task.task_id}.pdf`;
    const stored = await storage.put(key, seedPdf(`${task.type_name}: ${task.name}`), { contentType: 'application/pdf' });
    files.push({ ...task, key, size: stored.size, filename: `${task.type_name}.pdf` });
  }
  await dataSource.transaction(async (manager) => {
    const documents = returned<{ document_id: number; task_id: number }>(
      await manager.query(
        `INSERT INTO transactions.documents (team_id, client_id, folder_id, doc_type_id, filename, content_type, size, storage_key, task_id, uploaded_by)
         SELECT $1, f.client_id, -1, f.doc_type_id, f.filename, 'application/pdf', f.size, f.key, f.task_id, f.uploaded_by
           FROM jsonb_to_recordset($2::jsonb) AS f(client_id int, doc_type_id int, filename text, size bigint, key text, task_id int, uploaded_by int)
         ON CONFLICT (storage_key) DO NOTHING
         RETURNING document_id, task_id`,
        [teamId, JSON.stringify(files)],
      ),
    );
    if (documents.length === 0) return;
    await manager.query(
      `UPDATE transactions.tasks k SET doc_id = d.document_id, version = k.version + 1, updated_ts = now()
         FROM unnest($1::int[], $2::int[]) AS d(document_id, task_id) WHERE k.task_id = d.task_id`,
      [documents.map((d) => d.document_id), documents.map((d) => d.task_id)],
    );
    await outbox.publishEach(
      manager,
      'transactions.document.created',
      `SELECT team_id, payload FROM transactions.document_snapshots WHERE document_id = ANY($1::int[])`,
      [documents.map((d) => d.document_id)],
    );
    await outbox.publishEach(
      manager,
      'transactions.task.updated',
      `SELECT team_id, payload FROM transactions.task_snapshots WHERE task_id = ANY($1::int[])`,
      [documents.map((d) => d.task_id)],
    );
  });
  return tasks.length;
}
