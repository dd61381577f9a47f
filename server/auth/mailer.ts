/**
 * Outgoing mail. With SMTP_URL set, messages go out through nodemailer's SMTP transport; otherwise they
 * land in an outbox the operator can read, as Supabase's local development catches mail in Inbucket:
 * one JSON file per message under DATA_DIR/outbox/ (directory 0700, files 0600) plus one log line.
 */
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
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
  /**
   * Rejects when mail cannot be sent now (outbox not writable or disk full; SMTP server unreachable or
   * refusing the login). It costs the same whoever the message would be for, so POST /recover runs it for
   * every address and a broken mail system is an error for all of them, telling nothing about accounts.
   */
  check?(): Promise<void>;
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
    writeWhole(join(this.dir, name), `${JSON.stringify(body, null, 2)}\n`);
    this.log(`[mail outbox] to ${message.to}: "${message.subject}" ${link ?? ''} (file ${join(this.dir, name)})`);
  }

  /** Writes and deletes a message-sized file: a full disk or a read-only outbox fails here, for any address. */
  async check(): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const probe = join(this.dir, `.probe-${randomBytes(4).toString('hex')}`);
    writeWhole(probe, PROBE);
    unlinkSync(probe);
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

/** As much as one recovery e-mail (text, HTML and JSON framing). */
const PROBE = 'x'.repeat(4096);

/** Writes a new file (mode 0600) or throws; never leaves a partial (0-byte) file behind when the disk is full. */
function writeWhole(file: string, text: string): void {
  try {
    writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as { code?: string }).code !== 'EEXIST') rmSync(file, { force: true });
    throw e;
  }
}

export class SmtpMailer implements Mailer {
  readonly description: string;
  private transport: Promise<{
    sendMail(options: Record<string, unknown>): Promise<unknown>;
    verify(): Promise<unknown>;
  }>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly now: () => number = Date.now,
  ) {
    const url = new URL(smtpUrl);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}"`);
    }
    this.description = `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    // Loaded only when configured: the outbox needs no mail library.
    // Bounded waits: an unreachable server fails a check in seconds, not nodemailer's default two minutes.
    this.transport = import('nodemailer').then((m) =>
      m.default.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
    this.transport.catch(() => undefined);
  }

  /** When the server last accepted a login or a message, and whether a failure came after it. */
  private lastGood = 0;
  private failing = false;

  async send(message: MailMessage): Promise<void> {
    const transport = await this.transport;
    try {
      await transport.sendMail({ from: this.from, ...message });
    } catch (e) {
      this.failing = true;
      throw e;
    }
    this.failing = false;
    this.lastGood = this.now();
  }

  /**
   * Connects and logs in (nodemailer's verify) unless the server accepted a login or a message in the last
   * minute with no failure since: a send that failed makes the next check connect again.
   */
  async check(): Promise<void> {
    if (!this.failing && this.now() - this.lastGood < 60_000) return;
    const transport = await this.transport;
    try {
      await transport.verify();
    } catch (e) {
      this.failing = true;
      throw e;
    }
    this.failing = false;
    this.lastGood = this.now();
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
