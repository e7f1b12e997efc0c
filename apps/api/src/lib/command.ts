/**
 * Runs a command-line entry point: exits with the code `main` answers, or
 * with 1 after printing what went wrong (the message, never a stack).
 */
export function runCommand(
  main: () => Promise<number>,
  describe: (error: unknown) => string = (error) =>
    error instanceof Error ? error.message : String(error),
) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(describe(error));
      process.exit(1);
    },
  );
}
