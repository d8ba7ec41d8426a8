/** The name this instance goes by in e-mail subjects, greetings and senders. */
export const INSTANCE_NAME = 'Tidings';
