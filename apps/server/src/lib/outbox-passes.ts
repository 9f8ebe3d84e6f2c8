/**
 * One pass of an outbox worker at a time in this process. `run` joins the pass under way (or starts one);
 * `kick`, called after something was queued, starts one, or asks for one more after the pass under way: that
 * pass may have claimed its rows before the new one was committed, and without another the new row would
 * wait for the next scheduled pass (5 s). At most one pass waits, however many kicks come meanwhile.
 */
export function createOutboxPasses<T>(options: {
  deliver: () => Promise<T>;
  /** A pass started by a kick failed (nobody awaits it). */
  onError: (error: unknown) => void;
  /** No pass starts from a kick while this says so (the app is closing). */
  isClosing?: () => boolean;
}) {
  let running: Promise<T> | undefined;
  let again = false;

  function kick() {
    if (options.isClosing?.()) return;
    if (running) {
      again = true;
      return;
    }
    void run().catch(options.onError);
  }

  function run(): Promise<T> {
    running ??= options.deliver().finally(() => {
      running = undefined;
      if (!again) return;
      again = false;
      kick();
    });
    return running;
  }

  return {
    run,
    kick,
    /** Resolves once no pass is running (its outcome ignored): before a fresh pass, and at shutdown. */
    idle: async () => {
      await running?.catch(() => undefined);
    },
  };
}
