/**
 * The search bench's baseline: the same posts searched with `LIKE '%term%'` (every term, the
 * usual first design), served over HTTP from its own process like the real server, so both sides
 * pay for HTTP and JSON alike. Run by bench/search.bench.ts, not on its own.
 */
import { createServer } from 'node:http';
import SQLite from 'better-sqlite3';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: baseline-server.ts <sqlite file>');
const database = new SQLite(file, { readonly: true });
const PAGE = 21;
const statements = new Map<number, SQLite.Statement>();

function statementFor(terms: number): SQLite.Statement {
  let statement = statements.get(terms);
  if (!statement) {
    const where = Array.from({ length: terms }, () => `p.body_text like ? escape '\\'`).join(' and ');
    statement = database.prepare(
      `select p.*, u.handle, u.display_name from posts p join users u on u.id = p.author_id
       where ${where} order by p.created_at desc, p.id desc limit ${PAGE}`,
    );
    statements.set(terms, statement);
  }
  return statement;
}

const server = createServer((request, response) => {
  const q = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('q') ?? '';
  const terms = q.split(/\s+/).filter(Boolean);
  const patterns = terms.map((term) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = statementFor(terms.length).all(...patterns);
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ posts: rows }));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening at http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => {
  server.close();
  database.close();
});
