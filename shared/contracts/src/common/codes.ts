/** Body codes of code-style calls (spec 001 section 7 and 8). */
export const ResponseCode = {
  Success: '200',
  /** The account must change its password before going on. */
  ForcePasswordChange: '10002',
} as const;
export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

/** HTTP statuses counted as success. */
export const isSuccessStatus = (status: number): boolean => status >= 200 && status <= 204;
