import type { ReceivedMail } from './smtp.js';
import { textPart } from './smtp.js';

/**
 * Waits until `received` holds `count` mails to `address` (public calls send their mails after
 * answering) and returns the last one's decoded text with the mail.
 */
export async function waitForMail(received: ReceivedMail[], address: string, count = 1, timeoutMs = 5000): Promise<{ mail: ReceivedMail; text: string }> {
  const started = Date.now();
  for (;;) {
    const mails = received.filter((mail) => mail.to.includes(address));
    if (mails.length >= count) {
      const mail = mails[count - 1]!;
      return { mail, text: textPart(mail) };
    }
    if (Date.now() - started > timeoutMs) throw new Error(`No mail #${count} to ${address} within ${timeoutMs} ms (got ${mails.length})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
