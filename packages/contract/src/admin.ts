import { z } from 'zod';
import { envelope, paginationSchema, queryInt, text } from './common.ts';
import { planIdSchema, subscriptionStatusSchema } from './subscription.ts';

export const ADMIN_USERS_PAGE_SIZE = 20;
/** Longest plan grant an admin can give in one go. */
export const MAX_GRANT_MONTHS = 120;

/** GET /api/admin/users?query=&page=&limit= (query: substring of name or e-mail) */
export const adminUsersQuerySchema = z.object({
  query: text().trim().max(200).optional(),
  page: queryInt(1, 100_000).default(1),
  limit: queryInt(1, 100).default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  /** Plan on record and the plan in force now (they differ once a period has ended). */
  plan: planIdSchema,
  effectivePlan: planIdSchema,
  status: subscriptionStatusSchema,
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  grantedByAdmin: z.boolean(),
  hasStripeCustomer: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = envelope(
  z.object({ users: z.array(adminUserSchema), pagination: paginationSchema }),
);
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserParamsSchema = z.object({ id: z.uuid() });

/** PUT /api/admin/users/{id}/subscription: grant a plan without payment (months absent: no end). */
export const grantPlanRequestSchema = z.object({
  plan: planIdSchema,
  months: z.number().int().min(1).max(MAX_GRANT_MONTHS).optional(),
});
export type GrantPlanRequest = z.infer<typeof grantPlanRequestSchema>;

/** PUT /api/admin/users/{id}/admin */
export const setAdminRequestSchema = z.object({ isAdmin: z.boolean() });
export type SetAdminRequest = z.infer<typeof setAdminRequestSchema>;

export const adminUserResponseSchema = envelope(adminUserSchema);
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

/** POST /api/admin/users/{id}/refund: the latest paid invoice refunded in full, the subscription cancelled. */
export const adminRefundResponseSchema = envelope(
  z.object({
    invoiceId: z.string(),
    refundId: z.string(),
    /** Major units of `currency` (49 is R$ 49,00). */
    amount: z.number(),
    currency: z.string(),
    /** The plan in force afterwards. */
    plan: z.string(),
  }),
);
export type AdminRefundResponse = z.infer<typeof adminRefundResponseSchema>;
