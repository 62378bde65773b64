/** A command called with the wrong arguments: its usage is printed and the exit code is 2. */
export class UsageError extends Error {}
