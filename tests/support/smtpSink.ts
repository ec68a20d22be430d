import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process (the `smtp-server` package) that the server under test
 * mails contact requests to. It can refuse (451, temporary failure) or accept, and be stopped and started
 * again on the same port (an unreachable mail server).
 */

export interface ReceivedMail {
  /** The raw message as sent over SMTP (headers and body). */
  raw: string;
  parsed: ParsedMail;
  envelope: { from: string; to: string[] };
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Messages refused while `refusing` was on. */
  refusals: number;
  /** When true, every message is refused with a temporary error. */
  refusing: boolean;
  /** Stops listening (connections are then refused). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Resolves once `count` mails have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  let server: SMTPServer | null = null;
  const sink: SmtpSink = {
    port,
    url: '',
    received: [],
    refusals: 0,
    refusing: false,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            if (sink.refusing) {
              sink.refusals++;
              const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
              error.responseCode = 451;
              callback(error);
              return;
            }
            const raw = Buffer.concat(chunks).toString('utf8');
            simpleParser(raw).then(
              (parsed) => {
                sink.received.push({
                  raw,
                  parsed,
                  envelope: {
                    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                    to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                  },
                });
                callback();
              },
              (error: Error) => callback(error),
            );
          });
        },
      });
      // A killed client drops its connection mid-conversation (ECONNRESET): not the sink's error.
      server.on('error', () => {});
      await new Promise<void>((resolve, reject) => {
        server!.server.once('error', reject);
        server!.listen(sink.port, '127.0.0.1', () => resolve());
      });
      const address = (server as unknown as { server: { address(): { port: number } } }).server.address();
      sink.port = address.port;
      sink.url = `smtp://127.0.0.1:${sink.port}`;
    },
    async stop() {
      if (!server) return;
      const closing = server;
      server = null;
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (sink.received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, got ${sink.received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return sink.received;
    },
  };
  await sink.start();
  return sink;
}
