/**
 * Which fields of a raw service answer a zod schema (./schemas.ts) does not know, and which fields it
 * expects that the answer did not send — field NAMES only, as JSON paths like `data[].status.mark`
 * (`[]` = any element of an array, `.*` = any value of a map). No value of the answer ever appears in the
 * result, so the report is safe to share (used by `cli doctor`, cli/doctor.ts).
 *
 * The walk follows the schema's structure (zod 4): objects (`.shape`), arrays (`.element`), records,
 * unions (the first option that parses the value, else the object option sharing most keys with it), and
 * the wrappers optional, nullable, default, catch, readonly, lazy and pipe/transform (its input side).
 * PHP's `[]` for an empty map matches a schema's empty-array branch (`objectOrEmptyArray`) and reports
 * nothing. Keys that are not identifiers (`Good work`, a name) are never printed: they are counted as
 * `<key>` so a map the schema takes for an object cannot leak its data.
 */
import { z } from 'zod';

/** A field the schema expects that the answer did not send. */
export interface MissingField {
  /** JSON path, e.g. `data[].status.state`. */
  path: string;
  /** `true` when the schema fails without it (the answer then does not parse). */
  required: boolean;
}

/** Unknown and missing fields of one answer, each path once, sorted. */
export interface FieldReport {
  /** Fields the answer sent that the schema does not declare (not descended into). */
  unknown: string[];
  /** Fields the schema declares that the answer did not send (only inside objects that were sent). */
  missing: MissingField[];
}

/** Options of {@link compareFields}. */
export interface CompareOptions {
  /** Paths counted as known although the schema does not declare them (e.g. the envelope's `success`). */
  alsoKnown?: readonly string[];
}

/** Names that may be printed as they are; anything else is shown as `<key>`. */
const PRINTABLE_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

type AnySchema = z.core.$ZodType;

/** The schema under its wrappers (optional, nullable, default, catch, readonly, lazy, pipe's input). */
function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  for (let depth = 0; depth < 32; depth++) {
    const def = current._zod.def as {
      type: string;
      innerType?: AnySchema;
      in?: AnySchema;
      getter?: () => AnySchema;
    };
    if (def.innerType !== undefined) current = def.innerType;
    else if (def.type === 'pipe' && def.in !== undefined) current = def.in;
    else if (def.type === 'lazy' && def.getter !== undefined) current = def.getter();
    else return current;
  }
  return current;
}

/** The options of a union, unwrapped and flattened (nested unions included); otherwise `[schema]`. */
function alternatives(schema: AnySchema): AnySchema[] {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodUnion) return inner.options.flatMap((option) => alternatives(option));
  return [inner];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The alternative that describes `value`: the first that parses it, else the best key overlap. */
function choose(schema: AnySchema, value: unknown): AnySchema | null {
  const options = alternatives(schema);
  const fitting = options.filter((option) =>
    Array.isArray(value)
      ? option instanceof z.ZodArray
      : isPlainObject(value)
        ? option instanceof z.ZodObject || option instanceof z.ZodRecord
        : false,
  );
  if (fitting.length <= 1) return fitting[0] ?? null;
  const parsing = fitting.find((option) => z.safeParse(option, value).success);
  if (parsing !== undefined) return parsing;
  const overlap = (option: AnySchema): number =>
    option instanceof z.ZodObject && isPlainObject(value)
      ? Object.keys(value).filter((key) => key in option.shape).length
      : -1;
  return fitting.reduce((best, option) => (overlap(option) > overlap(best) ? option : best));
}

/** Appends `key` to `path` as printable text. */
function child(path: string, key: string): string {
  const name = PRINTABLE_KEY.test(key) ? key : '<key>';
  return path === '' ? name : `${path}.${name}`;
}

/**
 * Compares a raw answer (parsed JSON) with a schema: the fields it sent that the schema does not know and
 * the fields the schema expects that it did not send. Never throws; a value of the wrong type is not
 * descended into (the schema's own parse reports it).
 */
export function compareFields(schema: AnySchema, value: unknown, options: CompareOptions = {}): FieldReport {
  const alsoKnown = new Set(options.alsoKnown ?? []);
  const unknown = new Set<string>();
  const missing = new Map<string, boolean>();

  const walk = (node: AnySchema, data: unknown, path: string): void => {
    if (data === null || data === undefined) return;
    const chosen = choose(node, data);
    if (chosen === null) return;
    if (chosen instanceof z.ZodArray && Array.isArray(data)) {
      for (const item of data) walk(chosen.element, item, `${path}[]`);
    } else if (chosen instanceof z.ZodRecord && isPlainObject(data)) {
      for (const item of Object.values(data)) walk(chosen.valueType, item, `${path}.*`);
    } else if (chosen instanceof z.ZodObject && isPlainObject(data)) {
      const shape = chosen.shape as Record<string, AnySchema>;
      for (const [key, item] of Object.entries(data)) {
        const field = shape[key];
        const at = child(path, key);
        if (field === undefined) {
          if (!alsoKnown.has(at)) unknown.add(at);
        } else walk(field, item, at);
      }
      for (const [key, field] of Object.entries(shape)) {
        if (key in data) continue;
        const at = child(path, key);
        const required = !z.safeParse(field, undefined).success;
        missing.set(at, (missing.get(at) ?? false) || required);
      }
    }
  };

  walk(schema, value, '');
  return {
    unknown: [...unknown].sort(),
    missing: [...missing.entries()]
      .map(([path, required]) => ({ path, required }))
      .sort((a, b) => a.path.localeCompare(b.path)),
  };
}
