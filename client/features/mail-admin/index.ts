/** The mail-admin feature's public face: the admin's view of outgoing e-mail. */
export { MailStatus } from './mail-status';
