import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';

/**
 * A free port below the system's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range), for a process that is
 * told its port before it starts (or again after a restart). A port from the ephemeral range, found free by
 * listening on port 0, can be taken before that process binds it by any other process's outgoing connection or
 * port-0 listener (the browser tests beside it open hundreds), and the start then fails with EADDRINUSE; nothing is
 * handed a port below that range unless it asks for that port.
 */
export async function stablePort(): Promise<number> {
  let low = 32768;
  try {
    low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || low;
  } catch {
    // Not Linux: the usual lower bound of the ephemeral range.
  }
  const from = Math.max(1024, low - 12_000);
  for (;;) {
    const port = from + crypto.randomInt(Math.max(1, low - from));
    const server = net.createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
  }
}
