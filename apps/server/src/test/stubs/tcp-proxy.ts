import net from 'node:net';

/**
 * A TCP relay on a loopback port in front of a real server (Redis), to cut and restore the way to it as a
 * network or a crash would: `cut` drops every relayed connection and stops listening (new connections are
 * refused), `restore` listens again on the same port; `stall` keeps the connections open (and accepts new
 * ones) but passes no byte either way until `restore` (a server that hangs: nothing is lost, only held).
 */
export type TcpProxy = {
  /** The target URL with the proxy's port (`redis://127.0.0.1:<port>`). */
  url: string;
  cut: () => Promise<void>;
  stall: () => void;
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let isStalled = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    if (isStalled) socket.pause();
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    client.pipe(upstream);
    upstream.pipe(client);
    // after pipe(), which would resume a stalled socket
    track(client);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      dropAll();
    });

  return {
    url: `${target.protocol}//127.0.0.1:${port}${target.pathname}`,
    cut: stopListening,
    stall: () => {
      isStalled = true;
      for (const socket of sockets) socket.pause();
    },
    restore: async () => {
      isStalled = false;
      for (const socket of sockets) socket.resume();
      if (!server.listening) await listen(port);
    },
    close: stopListening,
  };
}
