import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forEachEngine, useTestApp, type TestApp } from '../../test/harness.ts';
import { addMonths } from './admin.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2025-01-31T10:00:00Z');

forEachEngine((engine) => {
  describe('admin API', () => {
    let clock: Date;
    let admin: Awaited<ReturnType<TestApp['registerUser']>>;
    const t = useTestApp({
      engine,
      env: { ADMIN_EMAILS: ' Chefe@Farol.test , other@farol.test' },
      deps: { now: () => clock },
    });
    const signIn = async (account: { email: string; password: string }) =>
      (
        await t.request('POST', '/api/auth/login', {
          body: { email: account.email, password: account.password },
        })
      ).body.token as string;

    beforeAll(async () => {
      clock = START;
      admin = await t.registerUser({ email: 'chefe@farol.test', name: 'Chefe' });
    });
    beforeEach(() => {
      clock = START;
    });

    it('makes ADMIN_EMAILS accounts admins from registration', async () => {
      const current = await t.request('GET', '/api/subscription/current', { token: admin.token });
      expect(current.body.data.subscription.isAdmin).toBe(true);
    });

    it('answers 401 without a token and 403 to a non-admin on every admin call', async () => {
      const user = await t.registerUser({ language: 'en' });
      const calls: [string, string, object?][] = [
        ['GET', '/api/admin/users'],
        ['PUT', `/api/admin/users/${user.user.id}/subscription`, { plan: 'profissional' }],
        ['PUT', `/api/admin/users/${user.user.id}/admin`, { isAdmin: true }],
      ];
      for (const [method, path, body] of calls) {
        const anonymous = await t.request(method, path, { body });
        expect(anonymous.status, `${method} ${path}`).toBe(401);
        const forbidden = await t.request(method, path, { token: user.token, body });
        expect(forbidden.status, `${method} ${path}`).toBe(403);
        expect(forbidden.body).toMatchObject({ code: 'admin_required', message: 'Administrators only.' });
      }
      const row = await t.database.db.execute(sql`select is_admin from users where id = ${user.user.id}`);
      expect((row as any).rows[0].is_admin).toBe(false);
    });

    it('lists users paged and filtered by name or e-mail', async () => {
      for (let index = 0; index < 3; index += 1)
        await t.registerUser({ name: `Paginada ${index}`, email: `paged${index}@Lista.test` });
      const first = await t.request('GET', '/api/admin/users?query=LISTA.test&limit=2', {
        token: admin.token,
      });
      expect(first.status).toBe(200);
      expect(first.body.data.pagination).toEqual({
        currentPage: 1,
        totalPages: 2,
        totalItems: 3,
        hasPreviousPage: false,
        hasNextPage: true,
      });
      expect(first.body.data.users.map((user: any) => user.email)).toEqual([
        'paged0@Lista.test',
        'paged1@Lista.test',
      ]);
      expect(first.body.data.users[0]).toMatchObject({
        plan: 'free',
        effectivePlan: 'free',
        isAdmin: false,
        grantedByAdmin: false,
        hasStripeCustomer: false,
      });
      const second = await t.request('GET', '/api/admin/users?query=paginada&limit=2&page=2', {
        token: admin.token,
      });
      expect(second.body.data.users.map((user: any) => user.name)).toEqual(['Paginada 2']);
      // LIKE wildcards in the query are plain text
      expect(
        (await t.request('GET', '/api/admin/users?query=%25', { token: admin.token })).body.data.pagination
          .totalItems,
      ).toBe(0);
      expect((await t.request('GET', '/api/admin/users?limit=0', { token: admin.token })).status).toBe(400);
    });

    it('grants a plan for N months without payment, recorded as such, then the account returns to free', async () => {
      const user = await t.registerUser();
      const grant = await t.request('PUT', `/api/admin/users/${user.user.id}/subscription`, {
        token: admin.token,
        body: { plan: 'profissional', months: 1 },
      });
      expect(grant.status).toBe(200);
      // 31 January + 1 month = 28 February
      expect(grant.body.data).toMatchObject({
        plan: 'profissional',
        effectivePlan: 'profissional',
        grantedByAdmin: true,
        currentPeriodEnd: '2025-02-28T10:00:00.000Z',
      });
      const current = await t.request('GET', '/api/subscription/current', { token: user.token });
      expect(current.body.data).toMatchObject({
        plan: { id: 'profissional' },
        isActive: true,
        subscription: { grantedByAdmin: true },
      });
      const history = await t.database.db.execute(
        sql`select source, plan, actor_id from subscription_changes where user_id = ${user.user.id}`,
      );
      expect((history as any).rows).toEqual([
        { source: 'admin', plan: 'profissional', actor_id: admin.user.id },
      ]);
      const email = await t.database.db.execute(
        sql`select data from email_outbox where user_id = ${user.user.id} and template = 'subscription-started'`,
      );
      expect((email as any).rows).toHaveLength(1);
      expect((email as any).rows[0].data).toMatchObject({
        planName: 'Profissional',
        currentPeriodEnd: '2025-02-28T10:00:00.000Z',
      });
      expect((email as any).rows[0].data.price).toBeUndefined();

      clock = new Date(Date.parse('2025-02-28T10:00:00Z') + 1000);
      const after = await t.request('GET', '/api/subscription/current', { token: await signIn(user) });
      expect(after.body.data.plan.id).toBe('free');
    });

    it('grants without an end until an admin sets free again', async () => {
      const user = await t.registerUser();
      await t.request('PUT', `/api/admin/users/${user.user.id}/subscription`, {
        token: admin.token,
        body: { plan: 'iniciante' },
      });
      clock = new Date(START.getTime() + 400 * DAY);
      const token = await signIn(user);
      expect((await t.request('GET', '/api/subscription/current', { token })).body.data.plan.id).toBe(
        'iniciante',
      );
      const revoke = await t.request('PUT', `/api/admin/users/${user.user.id}/subscription`, {
        token: await signIn(admin),
        body: { plan: 'free' },
      });
      expect(revoke.body.data).toMatchObject({ plan: 'free', grantedByAdmin: false });
      expect((await t.request('GET', '/api/subscription/current', { token })).body.data.plan.id).toBe('free');
    });

    it('validates the grant and answers 404 for an unknown user', async () => {
      const user = await t.registerUser();
      for (const body of [
        { plan: 'enterprise' },
        { plan: 'iniciante', months: 0 },
        { plan: 'iniciante', months: 1.5 },
        { plan: 'iniciante', months: 121 },
      ]) {
        expect(
          (
            await t.request('PUT', `/api/admin/users/${user.user.id}/subscription`, {
              token: admin.token,
              body,
            })
          ).status,
        ).toBe(400);
      }
      expect(
        (
          await t.request('PUT', '/api/admin/users/not-a-uuid/subscription', {
            token: admin.token,
            body: { plan: 'iniciante' },
          })
        ).status,
      ).toBe(400);
      const missing = await t.request(
        'PUT',
        '/api/admin/users/00000000-0000-4000-8000-000000000000/subscription',
        { token: admin.token, body: { plan: 'iniciante' } },
      );
      expect(missing.status).toBe(404);
    });

    it('sets and clears the admin flag, but not on oneself', async () => {
      const user = await t.registerUser();
      const promote = await t.request('PUT', `/api/admin/users/${user.user.id}/admin`, {
        token: admin.token,
        body: { isAdmin: true },
      });
      expect(promote.body.data.isAdmin).toBe(true);
      expect((await t.request('GET', '/api/admin/users', { token: user.token })).status).toBe(200);
      const demote = await t.request('PUT', `/api/admin/users/${user.user.id}/admin`, {
        token: admin.token,
        body: { isAdmin: false },
      });
      expect(demote.body.data.isAdmin).toBe(false);
      expect((await t.request('GET', '/api/admin/users', { token: user.token })).status).toBe(403);
      expect(
        (
          await t.request('PUT', `/api/admin/users/${admin.user.id}/admin`, {
            token: admin.token,
            body: { isAdmin: false },
          })
        ).status,
      ).toBe(409);
    });
  });
});

describe('addMonths', () => {
  it('keeps the day of month, or the last day of a shorter month', () => {
    expect(addMonths(new Date('2025-01-31T10:00:00Z'), 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2025-03-15T00:00:00Z'), 12).toISOString()).toBe('2026-03-15T00:00:00.000Z');
  });
});
