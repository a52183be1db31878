import http from 'node:http';
import { haversineKm } from '../../geo.js';
import type { LatLon } from './osrm-client.js';
import { SimulatorServer } from '../simulator-server.js';

/**
 * Speaks the part of OSRM's HTTP API that Bakje uses (docs/interfaces.md §5): GET
 * /route/v1/{profile}/{lon},{lat};{lon},{lat} -> {code: "Ok", routes: [{distance, duration, ...}],
 * waypoints}; a malformed request answers 400 {code: "InvalidUrl" | "InvalidQuery" | "InvalidValue"}, an
 * unknown profile 400 {code: "InvalidValue"}, a destination it cannot reach 400 {code: "NoRoute"}. Roads
 * are the straight line times `detour` at 50 km/h. `failNext(n)` answers the next n requests with a 503.
 */
export class OsrmSimulator {
  private readonly server = new SimulatorServer((request, response) => this.handle(request, response));
  private failures = 0;
  /** Every request's path, in order. */
  readonly requests: string[] = [];

  constructor(private readonly options: { detour?: number; profiles?: string[]; unreachable?: LatLon[] } = {}) {}

  failNext(count: number) {
    this.failures = count;
  }

  start(port = 0, host = '127.0.0.1'): Promise<string> {
    return this.server.start(port, host);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private send(response: http.ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://osrm');
    this.requests.push(url.pathname + url.search);
    if (this.failures > 0) {
      this.failures -= 1;
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('<html><body>503 Service Unavailable</body></html>');
      return;
    }
    const match = /^\/route\/v1\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (request.method !== 'GET' || !match)
      return this.send(response, 400, { code: 'InvalidUrl', message: `URL string malformed close to position 1: "${url.pathname}"` });
    const profile = decodeURIComponent(match[1]!);
    if (!(this.options.profiles ?? ['driving', 'car']).includes(profile)) return this.send(response, 400, { code: 'InvalidValue', message: 'Invalid profile' });
    const points = decodeURIComponent(match[2]!)
      .split(';')
      .map((pair) => pair.split(',').map(Number));
    const valid = points.length >= 2 && points.every((p) => p.length === 2 && p.every(Number.isFinite) && Math.abs(p[0]!) <= 180 && Math.abs(p[1]!) <= 90);
    if (!valid) return this.send(response, 400, { code: 'InvalidQuery', message: 'Query string malformed close to position 1' });
    const waypoints = points.map(([lon, lat]) => ({ lon: lon!, lat: lat! }));
    const unreachable = (p: LatLon) => (this.options.unreachable ?? []).some((u) => Math.abs(u.lat - p.lat) < 1e-6 && Math.abs(u.lon - p.lon) < 1e-6);
    if (waypoints.some(unreachable)) return this.send(response, 400, { code: 'NoRoute', message: 'Impossible route between points' });
    let distance = 0;
    for (let i = 1; i < waypoints.length; i++) distance += haversineKm(waypoints[i - 1]!, waypoints[i]!) * 1000 * (this.options.detour ?? 1.25);
    distance = Math.round(distance * 10) / 10;
    const duration = Math.round((distance / (50_000 / 3600)) * 10) / 10;
    this.send(response, 200, {
      code: 'Ok',
      routes: [{ distance, duration, weight: duration, weight_name: 'routability', legs: [{ distance, duration, summary: '', steps: [] }] }],
      waypoints: waypoints.map((p) => ({ hint: '', distance: 0, name: '', location: [p.lon, p.lat] })),
    });
  }
}
