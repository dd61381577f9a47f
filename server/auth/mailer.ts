/**
 * Outgoing mail. With SMTP_URL set, messages go out through nodemailer's SMTP transport; otherwise they
 * land in an outbox the operator can read, as Supabase's local development catches mail in Inbucket:
 * one JSON file per message under DATA_DIR/outbox/ (directory 0700, files 0600) plus one log line.
 */
import { chmodSync, mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Human-readable description for the start-up log ("SMTP smtp.example.org:587", "outbox …"). */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
}

/** What one outbox file holds. */
export interface OutboxMessage extends MailMessage {
  date: string;
  /** The first link in the text, for the operator (and the tests). */
  link: string | null;
}

export const firstLink = (text: string): string | null => /https?:\/\/\S+/.exec(text)?.[0] ?? null;

export class OutboxMailer implements Mailer {
  readonly dir: string;
  readonly description: string;

  constructor(
    dataDir: string,
    private readonly log: (line: string) => void,
    /** Outbox files older than this are deleted by prune() (default 7 days). */
    private readonly keepMs = 7 * 24 * 3600_000,
  ) {
    this.dir = join(dataDir, 'outbox');
    this.description = `outbox ${this.dir} (set SMTP_URL to send real mail)`;
  }

  async send(message: MailMessage): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    chmodSync(this.dir, 0o700);
    const date = new Date();
    const name = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
    const link = firstLink(message.text);
    const body: OutboxMessage = { ...message, date: date.toISOString(), link };
    writeFileSync(join(this.dir, name), `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    this.log(`[mail outbox] to ${message.to}: "${message.subject}" ${link ?? ''} (file ${join(this.dir, name)})`);
  }

  /** Deletes messages older than keepMs. */
  prune(now = Date.now()): void {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const file = join(this.dir, name);
      try {
        if (now - statSync(file).mtimeMs > this.keepMs) unlinkSync(file);
      } catch {
        // Gone already or unreadable: nothing to do.
      }
    }
  }
}

export class SmtpMailer implements Mailer {
  readonly description: string;
  private transport: Promise<{ sendMail(options: Record<string, unknown>): Promise<unknown> }>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}"`);
    }
    this.description = `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    // Loaded only when configured: the outbox needs no mail library.
    this.transport = import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
    this.transport.catch(() => undefined);
  }

  async send(message: MailMessage): Promise<void> {
    const transport = await this.transport;
    await transport.sendMail({ from: this.from, ...message });
  }
}

export function makeMailer(options: {
  smtpUrl?: string;
  from?: string;
  dataDir: string;
  siteHost: string;
  log: (line: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    return new SmtpMailer(options.smtpUrl, options.from || `Cater Captain <no-reply@${options.siteHost}>`);
  }
  return new OutboxMailer(options.dataDir, options.log);
}
