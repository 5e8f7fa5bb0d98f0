import type { AttributeKey } from './attribute-catalogue.ts';
import type {
  customerAddresses,
  customerBirthDetails,
  customerEmployments,
  customers,
} from './customers.schema.ts';

/** The customer's profile rows: the customer and its one-to-one address, birth and work rows. */
export interface ProfileRows {
  customer: typeof customers.$inferSelect;
  address: typeof customerAddresses.$inferSelect | null;
  birthDetail: typeof customerBirthDetails.$inferSelect | null;
  employment: typeof customerEmployments.$inferSelect | null;
}

type TextColumnOf<Row> = {
  [Column in keyof Row]: Row[Column] extends string | null ? Column : never;
}[keyof Row] &
  string;
type ColumnOf<Part extends keyof ProfileRows> = {
  part: Part;
  column: TextColumnOf<NonNullable<ProfileRows[Part]>>;
};
type AttributeColumn =
  ColumnOf<'customer'> | ColumnOf<'address'> | ColumnOf<'birthDetail'> | ColumnOf<'employment'>;

/**
 * Where each attribute is stored: the one map of attributes to columns, which reading the
 * profile and writing it both use (decision 30).
 */
export const ATTRIBUTE_COLUMNS: { readonly [Key in AttributeKey]: AttributeColumn } = {
  name: { part: 'customer', column: 'name' },
  second_name: { part: 'customer', column: 'second_name' },
  third_name: { part: 'customer', column: 'third_name' },
  unique_identity_number: { part: 'customer', column: 'unique_identity_number' },
  nationality_id: { part: 'customer', column: 'nationality_id' },
  'birth_detail.birth_date': { part: 'birthDetail', column: 'birth_date' },
  'address.address_line_1': { part: 'address', column: 'address_line_1' },
  'address.address_line_2': { part: 'address', column: 'address_line_2' },
  'address.city': { part: 'address', column: 'city' },
  'address.region': { part: 'address', column: 'region' },
  'address.postcode': { part: 'address', column: 'postcode' },
  'employment.occupation': { part: 'employment', column: 'occupation' },
  'employment.salary_range': { part: 'employment', column: 'salary_range' },
};

/** The attribute's current value in the profile rows (null when its row does not exist). */
export function storedAttribute(rows: ProfileRows, key: AttributeKey): string | null {
  const { part, column } = ATTRIBUTE_COLUMNS[key];
  const row = rows[part] as Record<string, unknown> | null;
  return (row?.[column] as string | null | undefined) ?? null;
}

/** Column values of one profile row, by column name. */
export type ColumnValues = Record<string, string | null>;

/** Attribute values split by the row that stores them, each keyed by its column. */
export function columnsByPart(
  values: ReadonlyMap<AttributeKey, string | null>,
): Record<keyof ProfileRows, ColumnValues> {
  const parts = { customer: {}, address: {}, birthDetail: {}, employment: {} } as Record<
    keyof ProfileRows,
    ColumnValues
  >;
  for (const [key, value] of values) {
    const { part, column } = ATTRIBUTE_COLUMNS[key];
    parts[part][column] = value;
  }
  return parts;
}
