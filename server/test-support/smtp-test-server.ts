import { createServer, type Server } from 'node:net';
import { text } from 'node:stream/consumers';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as it arrived: headers and MIME parts. */
  raw: string;
}

export interface SmtpTestServer {
  url: string;
  received: ReceivedMail[];
  /** The next `count` messages are refused at RCPT TO with this reply (e.g. 451 or 550). */
  refuseNext(count: number, code: number, message: string): void;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps what it accepts. */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  let refusals: { count: number; code: number; message: string } = { count: 0, code: 0, message: '' };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals.count === 0) return callback();
      refusals = { ...refusals, count: refusals.count - 1 };
      callback(Object.assign(new Error(refusals.message), { responseCode: refusals.code }));
    },
    onData(stream, session, callback) {
      text(stream).then(
        (raw) => {
          received.push({
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the SMTP server has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    refuseNext(count, code, message) {
      refusals = { count, code, message };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server on 127.0.0.1 that accepts each connection and drops it at once, before any greeting. */
export async function startDroppingServer(): Promise<{
  url: string;
  connections: () => number;
  close(): Promise<void>;
}> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
