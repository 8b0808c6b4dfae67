/** The sink of mail-sink.mjs: its port, and close (resolves once it has stopped). */
export interface MailSink {
  port: number;
  close(): Promise<void>;
}

/** Starts an SMTP sink on a free 127.0.0.1 port writing each message as a .eml file into `dir` (emptied first). */
export function startMailSink(dir: string, label?: string): Promise<MailSink>;
