import pg from 'pg';

/** Runs `work` on a connection of its own to `url`, and closes it whatever happens. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One statement on a connection of its own (CREATE and DROP DATABASE cannot share one). */
export async function runStatement(url: string, statement: string): Promise<void> {
  await withClient(url, (client) => client.query(statement));
}

/** A name as an SQL identifier, quoted. */
export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** `serverUrl` pointing at another database of the same server. */
export function urlWithDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Drops a database, forcing out connections a failed test may have left open. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await runStatement(serverUrl, `drop database if exists ${quoteIdentifier(name)} with (force)`);
}
