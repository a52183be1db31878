import type { ChannelHandler } from './client.js';

/**
 * A listener given as a plain function, as a ChannelHandler. Its own module: the database drivers need it,
 * and client.ts loads the drivers, so importing it from there would be an import cycle.
 */
export function toHandler(handler: ChannelHandler | ((payload: string) => void)): ChannelHandler {
  return typeof handler === 'function' ? { onPayload: handler } : handler;
}
