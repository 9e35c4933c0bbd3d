/** How an account's e-mail and phone are shown back to the browser: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length))}***${email.slice(at)}`;
}

export function maskPhone(mobile: string): string {
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}
