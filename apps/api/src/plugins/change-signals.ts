// The app's one listener on the change channel (db/change-signals.ts): a LISTEN connection of its
// own on PostgreSQL, the database's own session on the embedded one. Whatever keeps a copy of shared
// state (the session cache, the price feed) subscribes while the app is being built; the listener
// starts when the app is ready and every signal, loss and return is handed to each subscriber. One
// listener per instance, not one per subscriber.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeHandlers, ChangeListener, ListenerLog } from '../db/change-signals.ts';

export interface ChangeSubscriptions {
  /** Hears changes from the moment the app's listener listens. Call it before the app is ready. */
  subscribe(handlers: ChangeHandlers): void;
  /** Every listener on the database has heard every change committed before the call (ChangeListener.caughtUp). */
  caughtUp(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeSubscriptions;
  }
}

export const changeSignalsPlugin = fp(
  async (app: FastifyInstance, opts: { listen?: (handlers: ChangeHandlers, log: ListenerLog) => ChangeListener }) => {
    const subscribers: ChangeHandlers[] = [];
    let listener: ChangeListener | undefined;
    app.decorate('changes', {
      subscribe: (handlers: ChangeHandlers) => void subscribers.push(handlers),
      caughtUp: async () => listener?.caughtUp(),
    });
    app.addHook('onReady', async () => {
      if (!opts.listen || subscribers.length === 0) return;
      listener = opts.listen(
        {
          onSignal: (signal) => subscribers.forEach((s) => s.onSignal(signal)),
          onListening: (resumed) => subscribers.forEach((s) => s.onListening?.(resumed)),
          onLost: () => subscribers.forEach((s) => s.onLost?.()),
        },
        app.log,
      );
    });
    app.addHook('onClose', async () => {
      await listener?.close();
    });
  },
  { name: 'change-signals' },
);
