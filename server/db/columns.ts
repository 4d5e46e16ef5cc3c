/**
 * How an entity field becomes a column: its SQL type, its default, and how an existing
 * column's type (as information_schema reports it) compares with what the YAML asks for.
 */
import type { Entity, EntityField, FieldType } from '../../generator/manifest-types.ts';

/** Length of a `string` field without maxLength. */
export const DEFAULT_STRING_LENGTH = 255;

/** Columns the engine adds to every table, never declared in YAML. */
export const SYSTEM_COLUMNS = ['id', 'created_at', 'updated_at', 'deleted_at'] as const;

export interface ColumnType {
  /** The type as written in DDL. */
  ddl: string;
  /** information_schema.columns.data_type of that type. */
  dataType: string;
  /** varchar length, when the type has one. */
  length?: number;
}

/** Text types stored as varchar: the field's maxLength, else this. */
const VARCHAR_LENGTH: Partial<Record<FieldType, number>> = {
  string: DEFAULT_STRING_LENGTH,
  email: 255,
  phone: 32,
};

const FIXED: Record<Exclude<FieldType, 'string' | 'email' | 'phone'>, ColumnType> = {
  text: { ddl: 'text', dataType: 'text' },
  integer: { ddl: 'integer', dataType: 'integer' },
  bigint: { ddl: 'bigint', dataType: 'bigint' },
  number: { ddl: 'double precision', dataType: 'double precision' },
  money: { ddl: 'numeric(14,2)', dataType: 'numeric' },
  boolean: { ddl: 'boolean', dataType: 'boolean' },
  date: { ddl: 'date', dataType: 'date' },
  datetime: { ddl: 'timestamptz', dataType: 'timestamp with time zone' },
  time: { ddl: 'time', dataType: 'time without time zone' },
  json: { ddl: 'jsonb', dataType: 'jsonb' },
  // The references of the stored files ({id, name, mime, size}); the bytes are in the uploads store.
  file: { ddl: 'jsonb', dataType: 'jsonb' },
};

export function columnType(entity: Entity, field: EntityField): ColumnType {
  // A reference holds the referenced row's id, which is a bigint identity, whatever the YAML
  // says about the integer width; a status may hold bit flags beyond 2^31 (registration).
  if (field.ref) return FIXED.bigint;
  if (field.status) return FIXED.bigint;
  if (field.type in VARCHAR_LENGTH) {
    const length = field.maxLength ?? VARCHAR_LENGTH[field.type]!;
    return { ddl: `varchar(${length})`, dataType: 'character varying', length };
  }
  const fixed = FIXED[field.type as keyof typeof FIXED];
  if (!fixed) throw new Error(`entity ${entity.name}: field ${field.name} has unknown type ${field.type}`);
  return fixed;
}

/** The SQL literal of a YAML default, or undefined when the field has none. */
export function defaultLiteral(field: EntityField): string | undefined {
  const value = field.default;
  if (value === undefined || value === null) return undefined;
  if (field.type === 'json') return `${quoteLiteral(JSON.stringify(value))}::jsonb`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`field ${field.name}: default must be a finite number`);
    return String(value);
  }
  if (typeof value === 'string') {
    // `now` is the one dynamic default the language needs (dates of creation by the server).
    if (value === 'now' && (field.type === 'date' || field.type === 'datetime' || field.type === 'time')) {
      return field.type === 'date' ? 'current_date' : field.type === 'time' ? 'localtime' : 'now()';
    }
    return quoteLiteral(value);
  }
  return quoteLiteral(JSON.stringify(value));
}

export function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export interface ExistingColumn {
  name: string;
  dataType: string;
  length: number | null;
  nullable: boolean;
}

export type TypeComparison = 'same' | 'widen' | 'different';

/**
 * 'widen' is the one type change applied automatically: a longer varchar loses nothing.
 * Anything else (shorter varchar, another type) could lose data and needs a migration.
 */
export function compareType(existing: ExistingColumn, wanted: ColumnType): TypeComparison {
  if (existing.dataType !== wanted.dataType) return 'different';
  if (wanted.length === undefined || existing.length === wanted.length) return 'same';
  if (existing.length !== null && existing.length < wanted.length) return 'widen';
  return 'different';
}

export function describeType(column: ExistingColumn): string {
  return column.length ? `${column.dataType}(${column.length})` : column.dataType;
}
