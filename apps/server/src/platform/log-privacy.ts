/**
 * What the logs may not hold: a full phone number (a request's query string carries one: add-virtual?phone=…, the
 * outbox's ?to=…) or a full card number. Each is cut to its last digits where a request's URL is logged; the
 * request's headers and body are never logged (no cookie, token or password reaches the log), and the providers'
 * adapters log no number or secret of their own.
 */

/** Israeli numbers as typed or stored (0501234567, 050-1234567, +972501234567, 972-50-…) and 13-19 digit cards. */
const PHONE = /(?<![\d%])(?:\+|%2B)?(?:972|0)(?:[-\s]?\d){8,9}(?!\d)/g;
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;

/** The text with every phone or card number cut to its last three digits ('•••567'). */
export function maskNumbers(text: string): string {
  return text
    .replace(CARD, (m) => `•••${m.replace(/\D/g, '').slice(-3)}`)
    .replace(PHONE, (m) => `•••${m.replace(/\D/g, '').slice(-3)}`);
}

/** Pino's serializer of a request: the usual fields, its URL masked. */
export function requestForLog(req: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: maskNumbers(req.url),
    hostname: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
