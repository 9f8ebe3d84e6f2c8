import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  deliverDueEmails,
  EMAIL_LEASE_MS,
  sendClaimedEmail,
  type DeliveryContext,
} from './email.delivery.ts';
import { createMailer } from './email.mailer.ts';
import { claimDueEmails, enqueueEmail } from './email.outbox.ts';
import { PRIORITY_CONTACT } from './email.service.ts';
import { selectRows } from '../../db/client.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/stubs/smtp-stub.ts';

forEachEngine((engine) => {
  describe('e-mail outbox', () => {
    let smtp: SmtpPeer;
    let app: TestApp;
    // enqueueEmail stamps rows with the database clock, so the test clock starts at the real time
    let clock = new Date(Date.now() + 60_000);
    let context: DeliveryContext;
    beforeAll(async () => {
      smtp = await startSmtpPeer();
      app = await startTestApp({ engine, deps: { now: () => clock } });
      context = {
        db: app.app.db,
        mailer: createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'Farol <f@farol.example>' }),
        appUrl: 'https://farol.example',
        now: () => clock,
      };
    });
    afterAll(async () => {
      context.mailer.close();
      await app.close();
      await smtp.close();
    });
    beforeEach(async () => {
      // each case starts from an empty outbox and an empty mailbox
      await app.database.db.execute(sql`delete from email_outbox`);
      smtp.messages.length = 0;
      smtp.refuse(false);
    });

    const queue = async (count: number) => {
      const ids: string[] = [];
      for (let index = 0; index < count; index += 1) {
        ids.push(
          (
            await enqueueEmail(app.app.db, {
              to: `r${index}@farol.test`,
              template: 'welcome',
              language: 'pt-BR',
              data: { name: `R${index}` },
            })
          ).id,
        );
      }
      return ids;
    };
    const statuses = () =>
      selectRows<{ status: string; attempts: number; last_error: string | null }>(
        app.database.db,
        sql`select status, attempts, last_error from email_outbox order by to_address`,
      );

    it('keeps every message through an SMTP outage and delivers each exactly once when it recovers', async () => {
      await queue(4);
      smtp.refuse(true);
      expect(await deliverDueEmails(context)).toMatchObject({ claimed: 4, sent: 0, retrying: 4 });
      const afterOutage = await statuses();
      expect(
        afterOutage.every(
          (row) => row.status === 'pending' && row.attempts === 1 && /451/.test(row.last_error ?? ''),
        ),
      ).toBe(true);
      smtp.refuse(false);
      // not due yet: backoff holds them
      expect(await deliverDueEmails(context)).toMatchObject({ claimed: 0 });
      clock = new Date(clock.getTime() + 31_000);
      expect(await deliverDueEmails(context)).toMatchObject({ claimed: 4, sent: 4 });
      expect(await deliverDueEmails(context)).toMatchObject({ claimed: 0 });
      expect(smtp.messages.map((mail) => mail.envelopeTo[0]).sort()).toEqual([
        'r0@farol.test',
        'r1@farol.test',
        'r2@farol.test',
        'r3@farol.test',
      ]);
      expect((await statuses()).map((row) => [row.status, row.attempts])).toEqual(Array(4).fill(['sent', 2]));
    });

    it('repeats only the message interrupted between SMTP hand-off and marking, with the same Message-ID', async () => {
      await queue(3);
      // a worker claims a message, hands it to SMTP and dies before marking it
      const claimed = await claimDueEmails(app.app.db, { now: clock, limit: 1, leaseMs: EMAIL_LEASE_MS });
      await sendClaimedEmail(context, claimed[0]!);
      expect(smtp.messages).toHaveLength(1);
      const firstId = smtp.messages[0]!.messageId;
      // the others go out; the interrupted one waits for its lease
      expect(await deliverDueEmails(context)).toMatchObject({ sent: 2 });
      expect(smtp.messages).toHaveLength(3);
      clock = new Date(clock.getTime() + EMAIL_LEASE_MS + 1_000);
      expect(await deliverDueEmails(context)).toMatchObject({ claimed: 1, sent: 1 });
      expect(smtp.messages).toHaveLength(4);
      expect(smtp.messages[3]!.messageId).toBe(firstId);
      expect(smtp.messages[3]!.envelopeTo).toEqual(smtp.messages[0]!.envelopeTo);
      expect(new Set(smtp.messages.map((mail) => mail.messageId)).size).toBe(3);
    });

    it("sends a paying member's contact message before messages queued earlier", async () => {
      await queue(3);
      const contact = { name: 'Ana', email: 'ana@farol.test', subject: 'Ajuda', message: 'Olá' };
      await enqueueEmail(app.app.db, {
        to: 'equipe@farol.test',
        template: 'contact',
        language: 'pt-BR',
        data: { ...contact, priority: true },
        priority: PRIORITY_CONTACT,
      });
      smtp.refuse(true);
      // an outage holds every message; the first claimed once it is over is the priority one
      await deliverDueEmails(context);
      smtp.refuse(false);
      clock = new Date(clock.getTime() + 31_000);
      const [first] = await claimDueEmails(app.app.db, { now: clock, limit: 1, leaseMs: EMAIL_LEASE_MS });
      expect(first).toMatchObject({ toAddress: 'equipe@farol.test', priority: PRIORITY_CONTACT });
      await sendClaimedEmail(context, first!);
      expect(smtp.messages.map((mail) => mail.subject)).toEqual(['[Prioritário] Contato pelo site: Ajuda']);
    });

    it('never lets concurrent workers send one message twice', async () => {
      await queue(30);
      const reports = await Promise.all(Array.from({ length: 4 }, () => deliverDueEmails(context)));
      expect(reports.reduce((total, report) => total + report.sent, 0)).toBe(30);
      expect(smtp.messages).toHaveLength(30);
      expect(new Set(smtp.messages.map((mail) => mail.messageId)).size).toBe(30);
    });

    it('gives up after the last attempt and records the error', async () => {
      await queue(1);
      smtp.refuse(true);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await deliverDueEmails(context);
        clock = new Date(clock.getTime() + 7 * 3_600_000);
      }
      expect(await statuses()).toEqual([
        { status: 'failed', attempts: 10, last_error: expect.stringContaining('451') },
      ]);
      smtp.refuse(false);
      expect(await deliverDueEmails(context)).toMatchObject({ claimed: 0 });
    });
  });
});
