// A free loopback port for a process the caller starts itself (a server under test, a bench instance, nginx):
// the tests, e2e/ and bench/ share it. It imports nothing of the test harness, so bench/ can use it too.
import net from 'node:net';

/** Asks the system for a free port on 127.0.0.1 and releases it at once for the caller to listen on. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether something accepts connections on 127.0.0.1:`port` now (a listener that closed refuses). */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
