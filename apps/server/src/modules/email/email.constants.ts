/** A reset link is valid for one hour. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
