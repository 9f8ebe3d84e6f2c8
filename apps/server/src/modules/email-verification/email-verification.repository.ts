import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { emailVerificationTokens } from '../../db/schema/email.ts';

/** Stores a new verification token hash; the user's older unused links stop working (one valid link at a time). */
export async function replaceVerificationToken(
  executor: DbExecutor,
  input: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await executor
    .delete(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.userId, input.userId), isNull(emailVerificationTokens.usedAt)));
  await executor.insert(emailVerificationTokens).values(input);
}

/** The user of a valid (unused, unexpired) token, without using it up; undefined when there is none. */
export async function findVerificationTokenUser(
  executor: DbExecutor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ userId: emailVerificationTokens.userId })
    .from(emailVerificationTokens)
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, tokenHash),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    );
  return row?.userId;
}

/** Marks a valid (unused, unexpired) token used and returns its user; undefined when there is none. */
export async function consumeVerificationToken(
  executor: DbExecutor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await executor
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, tokenHash),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailVerificationTokens.userId });
  return row?.userId;
}
