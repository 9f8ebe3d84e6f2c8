import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema/email.ts';

/** Stores a new reset token hash; the user's older unused links stop working (one valid link at a time). */
export async function replaceResetToken(
  executor: DbExecutor,
  input: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await executor
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, input.userId), isNull(passwordResetTokens.usedAt)));
  await executor.insert(passwordResetTokens).values(input);
}

/** Marks a valid (unused, unexpired) token used and returns its user; undefined when there is none. */
/** Whether the token is still usable (unused, unexpired), without using it. */
export async function isResetTokenValid(
  executor: DbExecutor,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const [row] = await executor
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function consumeResetToken(
  executor: DbExecutor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await executor
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}
