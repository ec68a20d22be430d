/**
 * Runs `callback` in a task of its own, after the current one, as soon as the browser can: a
 * MessageChannel message, which neither the 4 ms clamping of nested timers nor a test's fake
 * clock holds back (a setTimeout would wait for the clock). Returns a function that cancels it.
 * For splitting work that would otherwise be one long task.
 */
export function nextTask(callback: () => void): () => void {
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) callback();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}
