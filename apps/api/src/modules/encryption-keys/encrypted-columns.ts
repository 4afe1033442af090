// Every column that holds field-encrypted values, with the context its values are bound to. Key
// rotation walks this list; encrypted-columns.test.ts fails when a schema column named
// encrypted_* is missing from it, so a new secret column cannot be left on an old key.
import { getTableName, type Table } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { checks, kycRecords, sellerStatements, shippingLabels, transactions, users } from '../../db/schema/index.ts';
import { personalDataContext as personal } from '../../lib/personal-data.ts';
import { idNumberContext } from '../compliance/index.ts';
import { bankDetailsContext } from '../payouts/index.ts';

export interface EncryptedColumn {
  table: PgTable;
  /** The primary key, text, walked in order so that batches never overlap. */
  id: PgColumn;
  value: PgColumn;
  /** The additional authenticated data of a row's value, as its owner module writes it. */
  context(id: string): string;
}

export const encryptedColumns: EncryptedColumn[] = [
  { table: transactions, id: transactions.id, value: transactions.encryptedBankDetails, context: bankDetailsContext },
  { table: kycRecords, id: kycRecords.id, value: kycRecords.encryptedIdNumber, context: idNumberContext },
  // Personal data (issue 25 item 9, lib/personal-data.ts).
  { table: kycRecords, id: kycRecords.id, value: kycRecords.encryptedDateOfBirth, context: personal.dateOfBirth },
  { table: sellerStatements, id: sellerStatements.id, value: sellerStatements.encryptedIp, context: personal.statementIp },
  { table: users, id: users.id, value: users.encryptedStreet, context: personal.profileStreet },
  {
    table: shippingLabels,
    id: shippingLabels.id,
    value: shippingLabels.encryptedSenderStreet,
    context: personal.labelSenderStreet,
  },
  {
    table: shippingLabels,
    id: shippingLabels.id,
    value: shippingLabels.encryptedReceiverStreet,
    context: personal.labelReceiverStreet,
  },
  { table: checks, id: checks.id, value: checks.encryptedMailingStreet, context: personal.checkMailingStreet },
];

/** 'table.column', as the command prints it. */
export function columnName(column: EncryptedColumn): string {
  return `${getTableName(column.table as Table)}.${column.value.name}`;
}
