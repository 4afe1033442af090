// The baseline of issue 15 item 2: the stack a typical generated app is written on (Express 5,
// express-session stored by connect-pg-simple in its own `session` table, a pg Pool, plain SQL,
// res.json), serving the three signed-in answers the signed-in bench measures from the rows Assay
// wrote, in the same database. Written the plain way, with the defaults those packages document:
// no deliberate slowness and no deliberate cleverness.
//
// Two things are shared with Assay on purpose, so that what differs is the stack and not the work:
// - the SQL reads the same rows in the same order with the same queries (one for the page, then the
//   photos and the open offers or the parcel states), so the database does the same work for both;
// - the derived words (imageUrl, customerLabel, the parcel's sentence, the hold) come from the pure
//   functions of @assay/domain, so both answer the same JSON, which the bench checks.
//
// Signing in is a bench-only route (POST /bench/sign-in {email}) that puts the user's id in the
// session: what is measured is the signed-in GET, not the sign-in, and checking better-auth's
// password hash here would tie the baseline to Assay's hashing parameters.
import connectPgSimple from 'connect-pg-simple';
import express, { type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import pg from 'pg';
import {
  awaitsIntake,
  customerLabel,
  holdViewOf,
  imageUrl,
  isNearingDeadline,
  isTrackingStatus,
  parcelStateText,
  type StoredComplianceRule,
  trackingEventText,
} from '@assay/domain';

declare module 'express-session' {
  interface SessionData {
    userId: string;
  }
}

interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  is_admin: boolean;
  is_premium: boolean;
}

interface SubmissionRow {
  id: string;
  user_id: string;
  category: string;
  description: string;
  estimated_weight: string;
  weight_unit: string;
  preliminary_quote_min: string | null;
  preliminary_quote_max: string | null;
  material: string | null;
  quote_basis: unknown;
  insured_value: string | null;
  final_offer: string | null;
  actual_weight: string | null;
  admin_notes: string | null;
  status: string;
  guarantee_deadline: Date;
  requires_kyc: boolean;
  received_at: Date | null;
  offered_at: Date | null;
  consignment_requested_at: Date | null;
  return_tracking_number: string | null;
  return_delivered_at: Date | null;
  compliance_rule: StoredComplianceRule | null;
  hold_until: Date | null;
  disposition: string | null;
  disposed_at: Date | null;
  version: number;
  created_at: Date;
}

const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const PAGE_SIZE_DEFAULT = 25;
const PAGE_SIZE_MAX = 100;

export function createTypicalStackApp(databaseUrl: string) {
  // One pool for the queries and the session store, 10 connections as Assay's pool has.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const PgStore = connectPgSimple(session);
  const store = new PgStore({ pool, tableName: 'session', createTableIfMissing: true });

  const app = express();
  app.use(express.json());
  app.use(
    session({
      store,
      secret: 'typical-stack-bench-secret-0123456789abcdef',
      resave: false,
      saveUninitialized: false,
      // Plain HTTP on 127.0.0.1 in the bench, so not `secure`.
      cookie: { httpOnly: true, sameSite: 'lax', maxAge: SESSION_TTL_MS },
    }),
  );

  // What passport's deserializeUser does in the generated stacks: the user row on every request.
  async function requireUser(req: Request, res: Response, next: NextFunction) {
    const userId = req.session.userId;
    if (!userId) {
      res.status(401).json({ message: 'Unauthorized' });
      return;
    }
    const { rows } = await pool.query<UserRow>(
      'select id, email, first_name, last_name, is_admin, is_premium from users where id = $1',
      [userId],
    );
    const user = rows[0];
    if (!user) {
      res.status(401).json({ message: 'Unauthorized' });
      return;
    }
    res.locals.user = user;
    next();
  }

  function requireAdmin(_req: Request, res: Response, next: NextFunction) {
    if (!(res.locals.user as UserRow).is_admin) {
      res.status(403).json({ message: 'Forbidden' });
      return;
    }
    next();
  }

  // Bench only (see the top of the file).
  app.post('/bench/sign-in', async (req: Request<object, unknown, { email?: string }>, res: Response) => {
    const { rows } = await pool.query<{ id: string }>('select id from users where email = $1', [
      String(req.body.email ?? '').toLowerCase(),
    ]);
    const user = rows[0];
    if (!user) {
      res.status(401).json({ message: 'Invalid email' });
      return;
    }
    await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err as Error) : resolve())));
    req.session.userId = user.id;
    res.json({ id: user.id });
  });

  app.get('/api/auth/user', requireUser, (_req: Request, res: Response) => {
    const user = res.locals.user as UserRow;
    res.json({
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      isAdmin: user.is_admin,
      isPremium: user.is_premium,
    });
  });

  async function photosOf(ids: string[]) {
    const { rows } = await pool.query<{ id: string; submission_id: string }>(
      `select id, submission_id from submission_images
       where submission_id = any($1) and purpose = 'submission'
       order by position, created_at, id`,
      [ids],
    );
    const photos = new Map<string, string[]>();
    for (const row of rows) photos.set(row.submission_id, [...(photos.get(row.submission_id) ?? []), row.id]);
    return photos;
  }

  function toSubmissionJson(row: SubmissionRow, photos: string[], isAdmin: boolean, offerValidUntil: Date | null) {
    return {
      id: row.id,
      userId: row.user_id,
      category: row.category,
      description: row.description,
      estimatedWeight: Number(row.estimated_weight),
      weightUnit: row.weight_unit,
      images: photos.map(imageUrl),
      preliminaryQuoteMin: row.preliminary_quote_min,
      preliminaryQuoteMax: row.preliminary_quote_max,
      material: row.material,
      quoteBasis: row.quote_basis ?? null,
      insuredValue: row.insured_value,
      finalOffer: row.final_offer,
      actualWeight: row.actual_weight === null ? null : Number(row.actual_weight),
      status: row.status,
      guaranteeDeadline: row.guarantee_deadline.toISOString(),
      requiresKyc: row.requires_kyc,
      createdAt: row.created_at.toISOString(),
      returnTrackingNumber: row.return_tracking_number,
      returnDeliveredAt: row.return_delivered_at?.toISOString() ?? null,
      offerValidUntil: row.status === 'offered' ? (offerValidUntil?.toISOString() ?? null) : null,
      ...(isAdmin ? { adminNotes: row.admin_notes } : {}),
    };
  }

  app.get('/api/submissions', requireUser, async (_req: Request, res: Response) => {
    const user = res.locals.user as UserRow;
    const { rows } = await pool.query<SubmissionRow>(
      // NULLS LAST as the index is written (and as Assay asks), so both get the same plan.
      'select * from submissions where user_id = $1 order by created_at desc nulls last, id desc nulls last',
      [user.id],
    );
    const ids = rows.map((r) => r.id);
    const [photos, offers] = await Promise.all([
      photosOf(ids),
      pool.query<{ submission_id: string; valid_until: Date }>(
        `select submission_id, valid_until from offers where submission_id = any($1) and status = 'open' order by version`,
        [ids],
      ),
    ]);
    const validUntil = new Map(offers.rows.map((r) => [r.submission_id, r.valid_until]));
    res.json(rows.map((row) => toSubmissionJson(row, photos.get(row.id) ?? [], false, validUntil.get(row.id) ?? null)));
  });

  // The mailbox's first page (no cursor, filters or search: the bench reads the first page only).
  app.get('/api/admin/submissions', requireUser, requireAdmin, async (req: Request, res: Response) => {
    const limit = Math.min(Math.max(Number(req.query.limit ?? PAGE_SIZE_DEFAULT) || PAGE_SIZE_DEFAULT, 1), PAGE_SIZE_MAX);
    const { rows } = await pool.query<SubmissionRow & { created_at_exact: string }>(
      `select *, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_exact
       from submissions order by created_at desc nulls last, id desc nulls last limit $1`,
      [limit + 1],
    );
    const page = rows.slice(0, limit);
    const ids = page.map((r) => r.id);
    const [photos, events] = await Promise.all([
      photosOf(ids),
      pool.query<{ submission_id: string; status: string; message: string | null; location: string | null; occurred_at: Date }>(
        `select e.submission_id, e.status, e.message, e.location, e.occurred_at
         from tracking_events e join shipping_labels l on l.id = e.label_id
         where e.submission_id = any($1) and l.direction = 'inbound'
         order by e.occurred_at desc, e.created_at desc`,
        [ids],
      ),
    ]);
    const parcels = new Map<string, (typeof events.rows)[number]>();
    for (const e of events.rows) if (!parcels.has(e.submission_id) && isTrackingStatus(e.status)) parcels.set(e.submission_id, e);
    const now = new Date();
    const items = page.map((row) => {
      const parcel = parcels.get(row.id);
      return {
        ...toSubmissionJson(row, photos.get(row.id) ?? [], true, null),
        customerLabel: customerLabel(row.user_id),
        nearingDeadline: isNearingDeadline(row.guarantee_deadline, row.status, now),
        version: row.version,
        receivedAt: row.received_at?.toISOString() ?? null,
        offeredAt: row.offered_at?.toISOString() ?? null,
        consignmentRequestedAt: row.consignment_requested_at?.toISOString() ?? null,
        parcel:
          parcel && isTrackingStatus(parcel.status)
            ? {
                status: parcel.status,
                label: parcelStateText(parcel.status, row.status),
                detail: trackingEventText({
                  status: parcel.status,
                  message: parcel.message,
                  location: parcel.location,
                  at: parcel.occurred_at,
                }),
                at: parcel.occurred_at.toISOString(),
                awaitingIntake: awaitsIntake(parcel.status, row.status),
              }
            : null,
        hold: holdViewOf(row.hold_until, row.compliance_rule, now),
        disposition: row.disposition && row.disposed_at ? { action: row.disposition, at: row.disposed_at.toISOString() } : null,
      };
    });
    const last = page.at(-1);
    const nextCursor =
      rows.length > limit && last
        ? Buffer.from(JSON.stringify([last.created_at_exact, last.id]), 'utf8').toString('base64url')
        : null;
    res.json({ items, nextCursor });
  });

  return {
    app,
    async close() {
      // It only stops its pruning timer here: the pool is ours, ended below.
      store.close();
      await pool.end();
    },
  };
}
