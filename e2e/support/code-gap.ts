/**
 * The server under test allows one verification code per address every CODE_RESEND_SECONDS (global-setup sets it
 * short so flows with several codes do not wait a minute each). A test waits this long after sending one code before
 * asking for the next to the same address.
 */
export const CODE_RESEND_SECONDS = 3;
export const nextCodeAfter = (sentAt = Date.now()) => sentAt + CODE_RESEND_SECONDS * 1000 + 500;
