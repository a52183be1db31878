import type { KitchenStations, Station, StationBumpResult } from '@bakje/contract';
import { stationInput } from '@bakje/contract';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { categories, orders, products, stationBumps, stationCategories, stationProducts, stations } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { recordOrderEvent } from '../order-events/record.js';
import { moveOrder } from '../orders/lifecycle.js';
import { parsePrinterTarget } from '../printing/print-settings.js';
import { orderStations, productStationMap } from './station-map.js';

/**
 * Kitchen stations (docs/decisions/0069-kitchen-stations.md). Managers define stations and assign categories and
 * products to them; each station bumps its part of an order, and the last part bumped moves the order to ready
 * through the lifecycle (modules/orders/lifecycle.ts), so the status screen and the customer's page follow as
 * they do for the kitchen's "Klaar". A recall undoes a part, and recovers the order when it had become ready.
 * This module never writes the `orders` table; it reads and locks the order row only.
 */
export class Stations {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(): Promise<Station[]> {
    const rows = await this.db.select().from(stations).orderBy(asc(stations.id));
    const cats = await this.db.select().from(stationCategories).orderBy(asc(stationCategories.categoryId));
    const prods = await this.db.select().from(stationProducts).orderBy(asc(stationProducts.productId));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      printer: row.printer,
      categoryIds: cats.filter((c) => c.stationId === row.id).map((c) => c.categoryId),
      productIds: prods.filter((p) => p.stationId === row.id).map((p) => p.productId),
    }));
  }

  async get(id: number): Promise<Station> {
    const station = (await this.list()).find((s) => s.id === id);
    if (!station) throw new DomainError('STATION_NOT_FOUND', `Station ${id} does not exist.`);
    return station;
  }

  async create(input: unknown): Promise<Station> {
    const value = parseInput(input);
    const id = await this.db.transaction(async (tx) => {
      await checkInput(tx, value, null);
      const [row] = await tx.insert(stations).values({ name: value.name, printer: value.printer }).returning({ id: stations.id });
      await assign(tx, row!.id, value);
      return row!.id;
    });
    return this.get(id);
  }

  async update(id: number, input: unknown): Promise<Station> {
    const value = parseInput(input);
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: stations.id }).from(stations).where(eq(stations.id, id)).for('update');
      if (!row) throw new DomainError('STATION_NOT_FOUND', `Station ${id} does not exist.`);
      await checkInput(tx, value, id);
      await tx.update(stations).set({ name: value.name, printer: value.printer }).where(eq(stations.id, id));
      await tx.delete(stationCategories).where(eq(stationCategories.stationId, id));
      await tx.delete(stationProducts).where(eq(stationProducts.stationId, id));
      await assign(tx, id, value);
    });
    return this.get(id);
  }

  /** Its assignments and bumps go with it; orders it had a part of are ready when the other stations' parts are. */
  async remove(id: number): Promise<void> {
    const deleted = await this.db.delete(stations).where(eq(stations.id, id)).returning({ id: stations.id });
    if (!deleted.length) throw new DomainError('STATION_NOT_FOUND', `Station ${id} does not exist.`);
  }

  /** What a kitchen screen needs to split an order into its stations' parts. */
  async kitchenView(): Promise<KitchenStations> {
    const rows = await this.db.select({ id: stations.id, name: stations.name }).from(stations).orderBy(asc(stations.id));
    const map = await productStationMap(this.db, null);
    return { stations: rows, productStations: Object.fromEntries([...map].map(([product, station]) => [String(product), station])) };
  }

  /** The station's part of the order is done; the last part moves the order to ready (through the lifecycle). */
  bump(orderId: number, stationId: number): Promise<StationBumpResult> {
    checkIds(orderId, stationId);
    return this.db.transaction(async (tx) => {
      const { order, station } = await lockOrderAndStation(tx, orderId, stationId);
      if (order.status !== 'processing' || order.isTestOrder) {
        throw new DomainError('ORDER_ACTION_REFUSED', `Order ${order.pickupNumber} is ${order.status} and cannot be bumped.`);
      }
      const parts = await orderStations(tx, orderId);
      if (!parts.has(stationId)) throw new DomainError('ORDER_ACTION_REFUSED', `Order ${order.pickupNumber} has nothing for ${station.name}.`);
      const now = this.clock();
      await tx.insert(stationBumps).values({ orderId, stationId, bumpedAt: now }).onConflictDoNothing();
      const bumped = new Set(
        (await tx.select({ stationId: stationBumps.stationId }).from(stationBumps).where(eq(stationBumps.orderId, orderId))).map((b) => b.stationId),
      );
      const ready = [...parts].every((part) => bumped.has(part));
      if (ready) await moveOrder(tx, orderId, { kind: 'ready' }, { now });
      else await recordOrderEvent(tx, 'order.status-changed', orderId, { previousStatus: order.status, action: 'station-bump' });
      return { orders: [orderId], ready };
    });
  }

  /** Undoes the station's part: the order goes back to preparing (the 'recover' move) when it had become ready. */
  recall(orderId: number, stationId: number): Promise<StationBumpResult> {
    checkIds(orderId, stationId);
    return this.db.transaction(async (tx) => {
      const { order, station } = await lockOrderAndStation(tx, orderId, stationId);
      if ((order.status !== 'processing' && order.status !== 'completed') || order.isTestOrder) {
        throw new DomainError('ORDER_ACTION_REFUSED', `Order ${order.pickupNumber} is ${order.status} and cannot be recalled.`);
      }
      const deleted = await tx
        .delete(stationBumps)
        .where(and(eq(stationBumps.orderId, orderId), eq(stationBumps.stationId, stationId)))
        .returning({ orderId: stationBumps.orderId });
      if (!deleted.length) throw new DomainError('ORDER_ACTION_REFUSED', `${station.name} has not bumped order ${order.pickupNumber}.`);
      const now = this.clock();
      if (order.status === 'completed') await moveOrder(tx, orderId, { kind: 'recover' }, { now });
      else await recordOrderEvent(tx, 'order.status-changed', orderId, { previousStatus: order.status, action: 'station-recall' });
      return { orders: [orderId], ready: false };
    });
  }
}

type ParsedInput = ReturnType<typeof stationInput.parse>;

function parseInput(input: unknown): ParsedInput {
  const parsed = stationInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DomainError('STATION_INVALID', `${issue.path.join('.') || 'station'}: ${issue.message}`, { params: issue.path.map(String) });
  }
  return { ...parsed.data, categoryIds: [...new Set(parsed.data.categoryIds)], productIds: [...new Set(parsed.data.productIds)] };
}

function checkIds(orderId: number, stationId: number): void {
  if (![orderId, stationId].every((id) => Number.isSafeInteger(id) && id > 0)) throw new DomainError('INVALID_INPUT', 'Ids must be positive whole numbers.');
}

/** A clear refusal for every input that does not fit, before anything is written. */
async function checkInput(tx: Tx, value: ParsedInput, self: number | null): Promise<void> {
  const others = self === null ? undefined : ne(stations.id, self);
  const [taken] = await tx
    .select({ id: stations.id })
    .from(stations)
    .where(and(sql`lower(${stations.name}) = lower(${value.name})`, others));
  if (taken) throw new DomainError('STATION_INVALID', `A station named "${value.name}" exists already.`, { params: ['name'] });
  if (value.printer && !parsePrinterTarget(value.printer)) {
    throw new DomainError('STATION_INVALID', 'printer: a PrintNode printer id ("73001") or a LAN printer ("192.168.1.50:9100").', { params: ['printer'] });
  }
  if (value.categoryIds.length) {
    const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, value.categoryIds));
    const missing = value.categoryIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new DomainError('STATION_INVALID', `Category ${missing.join(', ')} does not exist.`, { params: ['categoryIds'] });
    const elsewhere = await tx
      .select({ categoryId: stationCategories.categoryId, station: stations.name })
      .from(stationCategories)
      .innerJoin(stations, eq(stations.id, stationCategories.stationId))
      .where(and(inArray(stationCategories.categoryId, value.categoryIds), others));
    if (elsewhere.length) {
      const first = elsewhere[0]!;
      throw new DomainError('STATION_INVALID', `Category ${first.categoryId} belongs to station "${first.station}" already.`, { params: ['categoryIds'] });
    }
  }
  if (value.productIds.length) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, value.productIds), isNull(products.parentId)));
    const missing = value.productIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new DomainError('STATION_INVALID', `Product ${missing.join(', ')} does not exist.`, { params: ['productIds'] });
    const elsewhere = await tx
      .select({ productId: stationProducts.productId, station: stations.name })
      .from(stationProducts)
      .innerJoin(stations, eq(stations.id, stationProducts.stationId))
      .where(and(inArray(stationProducts.productId, value.productIds), others));
    if (elsewhere.length) {
      const first = elsewhere[0]!;
      throw new DomainError('STATION_INVALID', `Product ${first.productId} belongs to station "${first.station}" already.`, { params: ['productIds'] });
    }
  }
}

async function assign(tx: Tx, stationId: number, value: ParsedInput): Promise<void> {
  if (value.categoryIds.length) await tx.insert(stationCategories).values(value.categoryIds.map((categoryId) => ({ categoryId, stationId })));
  if (value.productIds.length) await tx.insert(stationProducts).values(value.productIds.map((productId) => ({ productId, stationId })));
}

/** Locks the order row (a read, never a write) so two stations bumping the last two parts at once see each other. */
async function lockOrderAndStation(tx: Tx, orderId: number, stationId: number) {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, isTestOrder: orders.isTestOrder, pickupNumber: orders.pickupNumber })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw new DomainError('ORDER_NOT_FOUND', `Order ${orderId} does not exist.`);
  const [station] = await tx.select({ id: stations.id, name: stations.name }).from(stations).where(eq(stations.id, stationId));
  if (!station) throw new DomainError('STATION_NOT_FOUND', `Station ${stationId} does not exist.`);
  return { order, station };
}
