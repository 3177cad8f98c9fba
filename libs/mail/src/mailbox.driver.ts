import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fromHeaderOf, type MailDriver, type QueuedMail } from './mail-message';

/** What a mailbox file holds. */
export interface MailboxEntry {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Only when the message has one. */
  reply_to?: string;
  created_at: string;
}

function fileNameOf(mail: QueuedMail): string {
  // Sortable and safe on every file system: 2025-11-21T10-00-00-000Z-<id>.json
  const stamp = new Date(mail.created_at).toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${mail.id.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
}

/** Writes each message as <timestamp>-<id>.json into a folder (the embedded default and the tests' mailbox). */
export class MailboxDriver implements MailDriver {
  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {}

  async deliver(mail: QueuedMail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, fileNameOf(mail));
    const entry: MailboxEntry = {
      id: mail.id,
      from: fromHeaderOf(mail, this.from),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      ...(mail.reply_to ? { reply_to: mail.reply_to } : {}),
      created_at: mail.created_at,
    };
    // Same id, same name: a retried job overwrites its own file with the same content. Written
    // aside and renamed so a reader never sees half a message.
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(entry, null, 2));
    await rename(temp, file);
  }
}

/** Every message of a mailbox folder, oldest first (an empty list when the folder does not exist). */
export async function readMailbox(dir: string): Promise<MailboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((n) => n.endsWith('.json')).sort();
  return Promise.all(files.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as MailboxEntry));
}
