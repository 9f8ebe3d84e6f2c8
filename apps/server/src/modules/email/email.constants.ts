/** A reset link is valid for one hour (issue 8). */
export const PASSWORD_RESET_TTL_MINUTES = 60;
