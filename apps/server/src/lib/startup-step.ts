/**
 * Runs one step of start-up; a failure names the step and keeps the cause, so an operator reads
 * "Farol failed to start: migrating the database: <reason>" instead of a bare driver message.
 */
export async function startupStep<T>(step: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(`${step}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
