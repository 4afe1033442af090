// The clear columns personal data was kept in before migration 0023, each with the encrypted_*
// column it moves to (issue 25 item 9), grouped by table: a row is sealed whole in one update,
// since each clear column's CHECK refuses any update of a row still holding clear text there.
// Read only by the start-up step that seals them.
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { checks, kycRecords, sellerStatements, shippingLabels, users } from '../../db/schema/index.ts';
import { personalDataContext as personal } from '../../lib/personal-data.ts';

export interface PlaintextField {
  /** 'text': sealed whole, then emptied. 'address': street lines and phone sealed, the rest kept. */
  kind: 'text' | 'address';
  clear: PgColumn;
  sealed: PgColumn;
  context(id: string): string;
}

export interface PlaintextTable {
  table: PgTable;
  id: PgColumn;
  fields: PlaintextField[];
}

export const plaintextTables: PlaintextTable[] = [
  {
    table: kycRecords,
    id: kycRecords.id,
    fields: [
      {
        kind: 'text',
        clear: kycRecords.plaintextDateOfBirth,
        sealed: kycRecords.encryptedDateOfBirth,
        context: personal.dateOfBirth,
      },
    ],
  },
  {
    table: sellerStatements,
    id: sellerStatements.id,
    fields: [
      { kind: 'text', clear: sellerStatements.plaintextIp, sealed: sellerStatements.encryptedIp, context: personal.statementIp },
    ],
  },
  {
    table: users,
    id: users.id,
    fields: [{ kind: 'address', clear: users.shippingAddress, sealed: users.encryptedStreet, context: personal.profileStreet }],
  },
  {
    table: shippingLabels,
    id: shippingLabels.id,
    fields: [
      {
        kind: 'address',
        clear: shippingLabels.sender,
        sealed: shippingLabels.encryptedSenderStreet,
        context: personal.labelSenderStreet,
      },
      {
        kind: 'address',
        clear: shippingLabels.receiver,
        sealed: shippingLabels.encryptedReceiverStreet,
        context: personal.labelReceiverStreet,
      },
    ],
  },
  {
    table: checks,
    id: checks.id,
    fields: [
      {
        kind: 'address',
        clear: checks.mailingAddress,
        sealed: checks.encryptedMailingStreet,
        context: personal.checkMailingStreet,
      },
    ],
  },
];
