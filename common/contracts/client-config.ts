/** What the browser needs to build its pusher-js client; never the secret. Fetched once at load. */
export interface ClientRealtimeSettings {
  /** embedded: this app's own port serves the sockets; hosted: Pusher or a compatible server. */
  mode: 'embedded' | 'hosted';
  key: string;
  cluster: string;
  /** Omitted for the embedded server: the client uses the page's own host and port. */
  wsHost?: string;
  wsPort?: number;
  wssPort?: number;
  /** Omitted: TLS exactly when the page is served over https. */
  forceTLS?: boolean;
  /** WebSockets only: no SockJS fallback to pusher.com hosts during outages. */
  enabledTransports: Array<'ws' | 'wss'>;
}

export interface ClientConfigResponse {
  realtime: ClientRealtimeSettings;
}
