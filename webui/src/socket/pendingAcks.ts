/**
 * Tracks emits that wait for a server acknowledgement: each one fails with
 * "operation has timed out" after its timeout, or with "socket has been disconnected"
 * when the connection drops first (spec §8).
 */
const ACK_TIMEOUT_MESSAGE = "operation has timed out";
const ACK_DISCONNECTED_MESSAGE = "socket has been disconnected";

export function createPendingAcks() {
  const pending = new Set<(error: Error) => void>();

  function track<T>(send: (ack: (reply: T) => void) => void, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        pending.delete(fail);
      };
      const fail = (error: Error) => {
        settle();
        reject(error);
      };
      const timer = setTimeout(() => fail(new Error(ACK_TIMEOUT_MESSAGE)), timeoutMs);
      pending.add(fail);
      send((reply) => {
        if (!pending.has(fail)) return;
        settle();
        resolve(reply);
      });
    });
  }

  function failAll(): void {
    for (const fail of [...pending]) fail(new Error(ACK_DISCONNECTED_MESSAGE));
  }

  return { track, failAll };
}
