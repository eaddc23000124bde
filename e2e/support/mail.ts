// The server tests' local SMTP server: journeys read the real mails the server sends.
export { startSmtpServer, textPart, type ReceivedMail } from '../../apps/server/src/test/smtp.js';
export { waitForMail } from '../../apps/server/src/test/mailbox.js';
