// Preloaded (`node --import`) into a test server that has no host option (the MCP
// reference server `@modelcontextprotocol/server-everything` calls `app.listen(PORT)`):
// a listen without a host binds 127.0.0.1 only, never every interface.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    const [port, ...rest] = args;
    const hostGiven = typeof rest[0] === 'string';
    return listen.call(this, Number(port), ...(hostGiven ? rest : ['127.0.0.1', ...rest]));
  }
  return listen.apply(this, args);
};
