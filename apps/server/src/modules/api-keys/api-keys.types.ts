/** How to check a key against its provider: one authenticated GET, and which statuses mean "rejected". */
export type KeyCheckRequest = {
  url: string;
  headers: Record<string, string>;
  isRejected: (status: number) => boolean;
};

/** valid: the provider accepted it; rejected: the provider refused it; unreachable: no verdict. */
export type KeyCheckResult = 'valid' | 'rejected' | 'unreachable';
