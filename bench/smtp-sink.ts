import { SMTPServer } from 'smtp-server';

// An SMTP server that takes every mail and keeps nothing, in a process of its own (forked by
// bench:booking): production mode needs one, and neither reading the mails nor speaking SMTP
// to the app may count as the app's CPU. Sends its port to the parent once listening.

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => callback());
    stream.resume();
  },
});
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  if (address && typeof address === 'object') process.send?.({ port: address.port });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
