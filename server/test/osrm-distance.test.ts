import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import * as t from '../src/db/schema/index.js';
import { OsrmClient, OsrmError } from '../src/integrations/osrm/osrm-client.js';
import { OsrmSimulator } from '../src/integrations/osrm/osrm-simulator.js';
import { haversineKm } from '../src/geo.js';
import { POSTCODE_CENTROIDS } from '../src/modules/delivery/postcode-centroids.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { startTestApp } from './support/server.js';

const SHOP = { lat: 51.0543, lon: 3.7174 };
const AALST = { lat: POSTCODE_CENTROIDS['9300']!.lat, lon: POSTCODE_CENTROIDS['9300']!.lon };

describe('OSRM client against the simulator (the same HTTP API)', () => {
  const simulator = new OsrmSimulator({ detour: 1.25, unreachable: [AALST] });
  let url = '';
  beforeAll(async () => {
    url = await simulator.start();
  });
  afterAll(() => simulator.stop());

  it('asks GET /route/v1/{profile}/{lon},{lat};{lon},{lat} and reads the first route in metres', async () => {
    const client = new OsrmClient({ baseUrl: `${url}/` });
    const gentbrugge = POSTCODE_CENTROIDS['9050']!;
    const route = await client.route(SHOP, gentbrugge);
    expect(simulator.requests.at(-1)).toBe('/route/v1/driving/3.717400,51.054300;3.759700,51.041100?overview=false&alternatives=false&steps=false');
    expect(route.distanceMeters).toBeCloseTo(haversineKm(SHOP, gentbrugge) * 1250, 0);
    expect(route.durationSeconds).toBeGreaterThan(0);
  });

  it("reports OSRM's error codes, a failing server and an unreachable one as OsrmError", async () => {
    const codeOf = (call: Promise<unknown>) =>
      call.then(
        () => 'no error',
        (error: OsrmError) => [error.constructor.name, error.status, error.code],
      );
    expect(await codeOf(new OsrmClient({ baseUrl: url, profile: 'boat' }).route(SHOP, AALST))).toEqual(['OsrmError', 400, 'InvalidValue']);
    expect(await codeOf(new OsrmClient({ baseUrl: url }).route(SHOP, AALST))).toEqual(['OsrmError', 400, 'NoRoute']);
    simulator.failNext(1);
    expect(await codeOf(new OsrmClient({ baseUrl: url }).route(SHOP, POSTCODE_CENTROIDS['9050']!))).toEqual(['OsrmError', 503, null]);
    // Nothing listens on port 9 of this machine.
    expect(await codeOf(new OsrmClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 }).route(SHOP, AALST))).toEqual(['OsrmError', null, null]);
  });

  it('is chosen by BAKJE_DISTANCE_PROVIDER=osrm, which needs BAKJE_OSRM_URL', () => {
    expect(loadConfig({}).distance).toEqual({ provider: 'postcode' });
    expect(loadConfig({ BAKJE_DISTANCE_PROVIDER: 'osrm', BAKJE_OSRM_URL: 'http://osrm.local:5000' }).distance).toEqual({
      provider: 'osrm',
      url: 'http://osrm.local:5000',
      profile: 'driving',
      timeoutMs: 3000,
    });
    expect(() => loadConfig({ BAKJE_DISTANCE_PROVIDER: 'osrm' })).toThrow(ConfigError);
    expect(() => loadConfig({ BAKJE_DISTANCE_PROVIDER: 'osrm' })).toThrow(/BAKJE_OSRM_URL/);
    expect(() => loadConfig({ BAKJE_DISTANCE_PROVIDER: 'google' })).toThrow(/BAKJE_DISTANCE_PROVIDER/);
  });
});

describe.each(databaseKinds)('delivery distance by OSRM on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  const simulator = new OsrmSimulator({ detour: 1.6 });

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    await testDb.database.db.insert(t.settings).values({
      key: 'delivery',
      value: { enabled: true, minimumOrder: 1500, maximumDistanceKm: 8, fee: 250, roadFactor: 1.3, origin: SHOP },
    });
    const url = await simulator.start();
    app = await startTestApp(testDb.database, { BAKJE_DISTANCE_PROVIDER: 'osrm', BAKJE_OSRM_URL: url });
  });
  afterAll(async () => {
    await app?.close();
    await simulator.stop();
    await testDb?.cleanup();
  });

  const ask = async (postcode: string) =>
    (await app.server.inject({ url: `/api/calculate-distance?address_1=Dorp%201&city=X&postcode=${postcode}` })).json() as {
      distance: number;
      within_range: boolean;
    };

  it('answers the road distance OSRM gives, and the postcode estimate when OSRM fails', async () => {
    const road = Math.round(haversineKm(SHOP, AALST) * 1.6 * 10) / 10;
    const before = simulator.requests.length;
    expect(await ask('9300')).toMatchObject({ distance: road, within_range: false });
    expect(simulator.requests.length).toBe(before + 1);
    // The service is down: the estimate (straight line times the road factor 1.3) answers, the order is not refused for it.
    simulator.failNext(1);
    const estimate = Math.round(haversineKm(SHOP, AALST) * 1.3 * 10) / 10;
    expect(await ask('9300')).toMatchObject({ distance: estimate });
    expect(estimate).not.toBe(road);
  });
});
