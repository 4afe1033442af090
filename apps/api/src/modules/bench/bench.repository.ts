// The reads and writes of the bench's tables: `instruments` and `item_tests`.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { instruments, itemTests, users } from '../../db/schema/index.ts';

export type InstrumentRow = typeof instruments.$inferSelect;
export type ItemTestRow = typeof itemTests.$inferSelect;

export function listInstruments(db: DbOrTx): Promise<InstrumentRow[]> {
  // Those in use first, the retired ones after them.
  return db
    .select()
    .from(instruments)
    .orderBy(sql`${instruments.retiredAt} is not null`, asc(instruments.kind), asc(instruments.name), asc(instruments.id));
}

/** The row, locked until the caller's transaction ends when `lock` is set. */
export async function findInstrument(db: DbOrTx, id: string, lock = false): Promise<InstrumentRow | null> {
  const query = db.select().from(instruments).where(eq(instruments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertInstrument(tx: DbOrTx, row: typeof instruments.$inferInsert): Promise<InstrumentRow> {
  const [inserted] = await tx.insert(instruments).values(row).returning();
  return inserted!;
}

export async function setCalibration(
  tx: DbOrTx,
  id: string,
  calibratedOn: string,
  nextDue: string,
): Promise<InstrumentRow | null> {
  const [row] = await tx
    .update(instruments)
    .set({ lastCalibratedOn: calibratedOn, nextCalibrationDue: nextDue })
    .where(and(eq(instruments.id, id), isNull(instruments.retiredAt)))
    .returning();
  return row ?? null;
}

/** Null when it was retired already (of two retirements, one wins). */
export async function retire(tx: DbOrTx, id: string, at: Date): Promise<InstrumentRow | null> {
  const [row] = await tx
    .update(instruments)
    .set({ retiredAt: at })
    .where(and(eq(instruments.id, id), isNull(instruments.retiredAt)))
    .returning();
  return row ?? null;
}

export async function insertItemTest(tx: DbOrTx, row: typeof itemTests.$inferInsert): Promise<ItemTestRow> {
  const [inserted] = await tx.insert(itemTests).values(row).returning();
  return inserted!;
}

/** The tests of these lines with their instrument and tester, oldest first. */
export function listTestsOfLines(db: DbOrTx, lineIds: readonly string[]) {
  if (lineIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      test: itemTests,
      instrument: { id: instruments.id, name: instruments.name, kind: instruments.kind, serial: instruments.serial },
      tester: { id: users.id, name: users.name },
    })
    .from(itemTests)
    .leftJoin(instruments, eq(instruments.id, itemTests.instrumentId))
    .leftJoin(users, eq(users.id, itemTests.testedBy))
    .where(inArray(itemTests.offerLineId, [...lineIds]))
    .orderBy(asc(itemTests.testedAt), asc(itemTests.createdAt), asc(itemTests.id));
}
export type ItemTestListRow = Awaited<ReturnType<typeof listTestsOfLines>>[number];

/**
 * Copies every test of each `from` line onto its `to` line (a line carried into a new offer
 * version), keeping the instrument, reading, tester, time and photo; each copy names its original.
 */
export async function copyTests(tx: DbOrTx, pairs: readonly { from: string; to: string }[], now: Date): Promise<number> {
  if (pairs.length === 0) return 0;
  const originals = await tx
    .select()
    .from(itemTests)
    .where(
      inArray(
        itemTests.offerLineId,
        pairs.map((p) => p.from),
      ),
    )
    .orderBy(asc(itemTests.testedAt), asc(itemTests.id));
  const rows = pairs.flatMap(({ from, to }) =>
    originals
      .filter((test) => test.offerLineId === from)
      .map((test) => ({
        ...test,
        id: crypto.randomUUID(),
        offerLineId: to,
        copiedFrom: test.id,
        createdAt: now,
      })),
  );
  if (rows.length > 0) await tx.insert(itemTests).values(rows);
  return rows.length;
}
