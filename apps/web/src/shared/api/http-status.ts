/** HTTP statuses with their own message (spec 000 section 8); any other failure reads 'data request exception'. */
export const HTTP_STATUS_MESSAGES = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505] as const;

/** Translation key of the message for an HTTP failure without an envelope (0: no answer or an unreadable one). */
export function httpStatusKey(status: number): string {
  return (HTTP_STATUS_MESSAGES as readonly number[]).includes(status) ? `errors.http.${status}` : 'errors.requestFailed';
}
