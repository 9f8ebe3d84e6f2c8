/** A reset link is valid for one hour. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** A verification link is valid for 24 hours. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
