// A problem that stops a command (not a usage error): the program exits with code 1.

export class CommandFailure extends Error {
  override name = 'CommandFailure';
}
