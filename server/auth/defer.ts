/** Work that must not be on a response's path (so its timing tells nothing): run after the answer left. */
import type { FastifyReply } from 'fastify';

export function afterResponse(
  reply: FastifyReply,
  work: () => void | Promise<void>,
  log: { error(obj: unknown, msg: string): void },
): void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    setImmediate(() => {
      Promise.resolve()
        .then(work)
        .catch((e: unknown) => log.error({ err: e }, 'deferred auth work failed'));
    });
  };
  // 'finish': the response was handed to the socket; 'close': the client went away first.
  reply.raw.once('finish', run);
  reply.raw.once('close', run);
}
