import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import { CloudPosSimulator } from '../../integrations/cloudpos/cloudpos-simulator.js';
import { readPosSettings, updatePosSettings } from './pos-settings.js';

/** The demo's till: a local simulator's key, never a real one's. */
const SIMULATOR_API_KEY = 'demo-cloudpos-simulator';

const pointsAtSimulator = (baseUrl: string) => baseUrl === '' || /^http:\/\/127\.0\.0\.1:\d+\/?$/.test(baseUrl);

/**
 * In demo mode, the point-of-sale simulator; `start` makes it listen and points the settings at it when they are
 * empty or point at an earlier simulator (never over a real till). The sync itself stays as the owner left it
 * (off at first).
 */
export function posSimulatorRuntime(
  config: Config,
  db: Db,
  log: Logger,
): { simulator: CloudPosSimulator | undefined; start(): Promise<void>; stop(): Promise<void> } {
  if (!config.pos.simulator) return { simulator: undefined, start: async () => undefined, stop: async () => undefined };
  const simulator = new CloudPosSimulator({ apiKey: SIMULATOR_API_KEY });
  return {
    simulator,
    async start() {
      const baseUrl = await simulator.start();
      const current = await readPosSettings(db);
      if (pointsAtSimulator(current.baseUrl)) await updatePosSettings(db, { baseUrl, apiKey: SIMULATOR_API_KEY });
      log.info({ baseUrl }, 'point-of-sale simulator listening');
    },
    stop: () => simulator.stop(),
  };
}
