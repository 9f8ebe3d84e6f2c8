import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { forEachEngine, startTestApp, type TestApp } from '../test/harness.ts';
import { eventually } from '../test/eventually.ts';
import { acceptsConnections } from '../test/free-port.ts';

// What a write sees while its instance stops (deploy/README.md, "Stopping, restarting, upgrading"), on raw
// connections so the test decides when each byte arrives: a POST already in flight when the stop begins
// completes and is written; a POST read on a connection still open after the stop began is answered 503 and
// not run (nginx passes that 503 on: it does not repeat a POST that was sent).

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function registration(email: string) {
  const body = JSON.stringify({
    name: 'Rolling',
    email,
    password: 'senhaSegura1',
    confirmPassword: 'senhaSegura1',
  });
  const head = `POST /api/auth/register HTTP/1.1\r\nHost: farol.test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  return { head, body };
}

type RawResponse = { status: number; headers: string; body: string };

/** A keep-alive connection to the app; `response` settles with the first answer read on it. */
async function openConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  const response = new Promise<RawResponse>((resolve, reject) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const headers = received.slice(0, end);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(headers)?.[1] ?? 0);
      const body = received.slice(end + 4);
      if (Buffer.byteLength(body) < length) return;
      resolve({ status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), body });
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`connection closed after: ${JSON.stringify(received)}`)));
  });
  response.catch(() => {});
  return { socket, response };
}

const write = (socket: net.Socket, text: string) =>
  new Promise<void>((resolve, reject) => socket.write(text, (error) => (error ? reject(error) : resolve())));

async function registeredEmails(test: TestApp, emails: string[]) {
  const rows = await selectRows<{ email: string }>(
    test.database.db,
    sql`select email from users where email in (${sql.join(
      emails.map((email) => sql`${email}`),
      sql`, `,
    )})`,
  );
  return rows.map((row) => row.email).sort();
}

forEachEngine((engine) => {
  it('stopping: a POST in flight completes and is written; a POST read after the stop began answers 503 and writes nothing', async () => {
    const test = await startTestApp({ engine });
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await test.app.close();
      await test.close();
    });
    const inFlight = registration('in-flight@farol.test');
    const late = registration('after-stop@farol.test');

    // one POST whose body is still arriving, one connection with only the start of a request: both are
    // requests in progress (not idle) when the stop begins, so the stop leaves both connections open
    const first = await openConnection(test.url);
    await write(first.socket, inFlight.head + inFlight.body.slice(0, 10));
    const second = await openConnection(test.url);
    await write(second.socket, late.head.slice(0, 10));

    const stopped = test.app.close().then(() => {
      closed = true;
    });
    // the stop has begun once the listener refuses: idle connections are closed by then, ours are not
    await eventually(
      () => acceptsConnections(Number(new URL(test.url).port)),
      (accepts) => !accepts,
    );
    await write(second.socket, late.head.slice(10) + late.body);
    const refused = await second.response;
    expect(refused.status).toBe(503);
    expect(refused.headers).toMatch(/\r\nconnection: close/);
    // Fastify's own answer, before any route runs (so not the contract's translated error)
    expect(JSON.parse(refused.body)).toEqual({
      error: 'Service Unavailable',
      message: 'Service Unavailable',
      statusCode: 503,
    });

    await write(first.socket, inFlight.body.slice(10));
    const completed = await first.response;
    expect(completed.status, completed.body).toBe(201);
    expect(completed.headers).toMatch(/\r\nconnection: close/);
    await stopped;

    expect(await registeredEmails(test, ['after-stop@farol.test', 'in-flight@farol.test'])).toEqual([
      'in-flight@farol.test',
    ]);
  });
});
