// An SMTP sink for the browser tests: a real SMTP server (npm smtp-server) on a free 127.0.0.1
// port that writes every message it receives, raw, as a .eml file into a folder (emptied at start).
// The first line of each file is `X-Envelope-To: <recipients>`; helpers.ts reads the folder.
// Used by start-server.mjs (the demo server's sink) and by specs that start a server of their own.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Starts the sink writing into `dir`; answers its port and a close function. */
export async function startMailSink(dir, label = 'mail sink') {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    banner: `portal e2e ${label}`,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          received += 1;
          const name = `${Date.now()}-${String(received).padStart(5, '0')}`;
          const rcpt = session.envelope.rcptTo.map((r) => r.address).join(', ');
          const raw = `X-Envelope-To: ${rcpt}\r\n${Buffer.concat(chunks).toString('utf8')}`;
          // Write then rename, so a reader never sees half a message.
          writeFileSync(join(dir, `${name}.tmp`), raw);
          renameSync(join(dir, `${name}.tmp`), join(dir, `${name}.eml`));
          callback();
        } catch (e) {
          callback(e instanceof Error ? e : new Error(String(e)));
        }
      });
    },
  });
  smtp.on('error', (e) => console.error(`${label}: smtp error: ${e.message}`));
  const port = await new Promise((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve(smtp.server.address().port));
  });
  return {
    port,
    close: () => new Promise((resolve) => smtp.close(() => resolve())),
  };
}
