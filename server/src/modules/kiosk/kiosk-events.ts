import { EventEmitter } from 'node:events';

/** What a kiosk page hears on GET /api/kiosk/events; it reloads its session on each (contract/src/kiosk.ts). */
export type KioskEventName = 'paired' | 'unpaired' | 'config';

export interface KioskEventListener {
  (event: KioskEventName, options: { close: boolean }): void;
}

/**
 * The kiosk pages' live news, in this process (one instance serves the shop: modules/instance-lock). A page
 * listens as its device, or while unpaired as its pending pairing.
 */
export class KioskEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open kiosk page.
    this.emitter.setMaxListeners(0);
  }

  toDevice(deviceId: number, event: KioskEventName, options: { close?: boolean } = {}): void {
    this.emitter.emit(`device:${deviceId}`, event, { close: options.close ?? false });
  }

  toPairing(pairingId: number, event: KioskEventName): void {
    this.emitter.emit(`pairing:${pairingId}`, event, { close: true });
  }

  toAllDevices(event: KioskEventName): void {
    this.emitter.emit('devices', event, { close: false });
  }

  /** Answers the function that stops listening. */
  listen(target: { deviceId: number } | { pairingId: number }, listener: KioskEventListener): () => void {
    const names = 'deviceId' in target ? [`device:${target.deviceId}`, 'devices'] : [`pairing:${target.pairingId}`];
    for (const name of names) this.emitter.on(name, listener);
    return () => {
      for (const name of names) this.emitter.off(name, listener);
    };
  }
}
