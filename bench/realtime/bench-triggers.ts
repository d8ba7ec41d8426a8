import { Agent, request } from 'node:http';
import Pusher from 'pusher';
import { BENCH_APP } from './bench-server';

/** How the bench publishes: through the official SDK, or pre-signed with bare http. */
export type Trigger = (channel: string, seq: number) => Promise<void>;

/** About 200 bytes of event data, as in the research calibration. */
const PAD = 'x'.repeat(180);
/** Keep-alive sockets shared by every trigger; more than the bench ever has in flight. */
const MAX_SOCKETS = 32;
export const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });

/** Both servers take the official SDK's requests (the bare one ignores the signature). */
export function sdkTrigger(port: number): Trigger {
  const sdk = new Pusher({ ...BENCH_APP, host: '127.0.0.1', port: String(port), useTLS: false, agent });
  return async (channel, seq) => {
    await sdk.trigger(channel, 'bench.tick', { seq, pad: PAD });
  };
}

/** The same requests signed by the SDK's own code but sent with bare http: server cost only. */
export function rawTrigger(port: number): Trigger {
  const signer = new Pusher({ ...BENCH_APP, host: '127.0.0.1', useTLS: false });
  const path = `/apps/${BENCH_APP.appId}/events`;
  return (channel, seq) =>
    new Promise<void>((resolve, reject) => {
      const data = JSON.stringify({ seq, pad: PAD });
      const body = JSON.stringify({ name: 'bench.tick', channels: [channel], data });
      const query = signer.createSignedQueryString({ method: 'POST', path, body });
      const options = { host: '127.0.0.1', port, path: `${path}?${query}`, method: 'POST', agent };
      const req = request({ ...options, headers: { 'content-type': 'application/json' } }, (res) =>
        res
          .resume()
          .on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`)),
          ),
      );
      req.on('error', reject);
      req.end(body);
    });
}
