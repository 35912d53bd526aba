/** The part of proxy-addr (Express's own rule for the client address behind proxies) the server uses; it ships no types. */
declare module "proxy-addr" {
  import type { IncomingMessage } from "node:http";

  /** Whether the address at `hop` (0: the socket's peer) is a proxy to trust. */
  type Trust = (address: string, hop: number) => boolean;

  /** The client's address: the furthest one reached through trusted proxies only. */
  function proxyaddr(request: IncomingMessage, trust: Trust): string;
  namespace proxyaddr {
    /** Compiles addresses, CIDR ranges and the names loopback, linklocal, uniquelocal; throws a TypeError on others. */
    function compile(values: string[]): Trust;
  }
  export default proxyaddr;
}
