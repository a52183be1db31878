/**
 * The route service of OSRM, the Open Source Routing Machine (docs/interfaces.md §5):
 * GET {base}/route/v1/{profile}/{lon},{lat};{lon},{lat}?overview=false answers
 * {code: "Ok", routes: [{distance (metres), duration (seconds)}]}; a problem answers another code
 * (NoRoute, NoSegment, InvalidQuery, ...) with a message, usually as HTTP 400.
 */
export interface LatLon {
  lat: number;
  lon: number;
}

export interface RoadRoute {
  /** Metres along the road. */
  distanceMeters: number;
  /** Seconds of driving. */
  durationSeconds: number;
}

export class OsrmError extends Error {
  constructor(
    message: string,
    /** HTTP status, null when the service was not reached. */
    readonly status: number | null,
    /** OSRM's answer code (NoRoute, InvalidQuery, ...), null when there was none. */
    readonly code: string | null,
  ) {
    super(message);
  }
}

interface OsrmRouteAnswer {
  code?: string;
  message?: string;
  routes?: { distance?: number; duration?: number }[];
}

/** Six decimals is about 10 cm: as precise as any geocode, and the form OSRM's own examples use. */
const coordinate = (point: LatLon) => `${point.lon.toFixed(6)},${point.lat.toFixed(6)}`;

export class OsrmClient {
  constructor(private readonly options: { baseUrl: string; profile?: string; timeoutMs?: number; fetch?: typeof fetch }) {}

  /** The road route between two points (the first route OSRM proposes). */
  async route(from: LatLon, to: LatLon): Promise<RoadRoute> {
    const base = this.options.baseUrl.replace(/\/$/, '');
    const profile = encodeURIComponent(this.options.profile ?? 'driving');
    const url = `${base}/route/v1/${profile}/${coordinate(from)};${coordinate(to)}?overview=false&alternatives=false&steps=false`;
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 3000),
      });
    } catch (error) {
      throw new OsrmError(`OSRM unreachable: ${error instanceof Error ? error.message : String(error)}`, null, null);
    }
    const text = await response.text();
    let answer: OsrmRouteAnswer | null = null;
    try {
      answer = JSON.parse(text) as OsrmRouteAnswer;
    } catch {
      // Not JSON (a proxy's error page): reported below with the status.
    }
    const route = answer?.routes?.[0];
    if (response.ok && answer?.code === 'Ok' && typeof route?.distance === 'number' && Number.isFinite(route.distance)) {
      return { distanceMeters: route.distance, durationSeconds: route.duration ?? 0 };
    }
    const why = [answer?.code, answer?.message].filter(Boolean).join(': ') || text.slice(0, 200);
    throw new OsrmError(`OSRM answered ${response.status}: ${why}`, response.status, answer?.code ?? null);
  }
}
